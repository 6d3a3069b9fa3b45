import { useTranslate } from 'react-admin';
import { serverMessage } from '@/adminApi';
import { EditDialog } from '@/common/EditDialog';
import {
  checkProductEdit,
  toProductPayload,
  type ProductFormValues,
} from '@/products/productChecks';
import { ProductInputs } from '@/products/ProductInputs';
import type { Product } from '@/types';

/** The fields `POST /api/admin/editproduct/{_id}` takes (spec 002 section 7). */
const toProductEdit = (values: Product) => {
  const payload = toProductPayload(values as unknown as ProductFormValues);
  return {
    name: payload.name,
    type: payload.type,
    apiType: payload.apiType,
    category: payload.category,
    istrending: payload.istrending,
    importantnote: payload.importantnote,
    items: payload.items,
    instock: payload.instock,
    imgpath: payload.imgpath,
    isApi: payload.isApi,
    promiseMinutes: payload.promiseMinutes,
  } as unknown as Partial<Product>;
};

export const ProductEditDialog = ({
  product,
  onClose,
}: {
  product: Product;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const formRecord = {
    ...product,
    items: (product.items ?? []).map((itemid) => ({ itemid })),
  } as unknown as Product;
  return (
    <EditDialog<Product>
      resource="viewproducts"
      record={formRecord}
      title={translate('resources.viewproducts.edit_title', { name: product.name })}
      onClose={onClose}
      check={(values) => checkProductEdit(values as unknown as ProductFormValues)}
      transform={toProductEdit}
      successMessage="resources.viewproducts.notifications.updated"
      failureMessage={(error) =>
        serverMessage(error) ?? 'resources.viewproducts.notifications.update_failed'
      }
    >
      <ProductInputs />
    </EditDialog>
  );
};
