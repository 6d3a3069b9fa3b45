import { useTranslate } from 'react-admin';
import { serverMessage } from '@/adminApi';
import { EditDialog } from '@/common/EditDialog';
import { checkItem, toItemPayload, type ItemFormValues } from '@/items/itemChecks';
import { ItemInputs } from '@/items/ItemInputs';
import type { Item } from '@/types';

export const ItemEditDialog = ({ item, onClose }: { item: Item; onClose: () => void }) => {
  const translate = useTranslate();
  const formRecord = {
    ...item,
    itemidarray: (item.itemidarray ?? []).map((value) => ({ value })),
  } as unknown as Item;
  return (
    <EditDialog<Item>
      resource="viewitems"
      record={formRecord}
      title={translate('resources.viewitems.edit_title', { name: item.name })}
      onClose={onClose}
      check={(values) => checkItem(values as unknown as ItemFormValues)}
      transform={(values) =>
        toItemPayload(values as unknown as ItemFormValues) as unknown as Partial<Item>
      }
      successMessage="resources.viewitems.notifications.updated"
      failureMessage={(error) =>
        serverMessage(error) ?? 'resources.viewitems.notifications.update_failed'
      }
    >
      <ItemInputs />
    </EditDialog>
  );
};
