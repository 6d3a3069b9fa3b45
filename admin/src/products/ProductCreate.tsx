import type { FieldValues } from 'react-hook-form';
import { Create, SimpleForm, useCreate, useNotify, useRedirect } from 'react-admin';
import { serverMessage } from '@/adminApi';
import { CreateToolbar } from '@/common/CreateToolbar';
import {
  checkNewProduct,
  toProductPayload,
  type ProductFormValues,
} from '@/products/productChecks';
import { ProductInputs } from '@/products/ProductInputs';

/** Spec 002: the form starts with two input labels and one item id. */
const defaultValues: ProductFormValues = {
  inputs: [{ label: '' }, { label: '' }],
  items: [{ itemid: '' }],
  istrending: false,
  instock: true,
  isApi: false,
};

/** `/admin/createproduct`. */
const ProductCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const [create] = useCreate();

  const submit = async (values: FieldValues) => {
    const errors = checkNewProduct(values);
    if (errors) {
      notify(Object.values(errors)[0], { type: 'error' });
      return errors;
    }
    try {
      await create('viewproducts', { data: toProductPayload(values) }, { returnPromise: true });
      notify('resources.viewproducts.notifications.created', { type: 'success' });
      redirect('list', 'viewproducts');
    } catch (error) {
      const message = serverMessage(error) ?? 'resources.viewproducts.notifications.create_failed';
      notify(message, { type: 'error', messageArgs: { _: message } });
    }
    return undefined;
  };

  return (
    <Create resource="viewproducts" title="resources.viewproducts.create_title">
      <SimpleForm
        toolbar={<CreateToolbar />}
        onSubmit={submit}
        defaultValues={defaultValues}
        sx={{ maxWidth: 640 }}
      >
        <ProductInputs withInputLabels />
      </SimpleForm>
    </Create>
  );
};

export default ProductCreate;
