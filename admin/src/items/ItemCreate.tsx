import type { FieldValues } from 'react-hook-form';
import { Create, SimpleForm, useCreate, useNotify, useRedirect } from 'react-admin';
import { serverMessage } from '@/adminApi';
import { CreateToolbar } from '@/common/CreateToolbar';
import { checkItem, toItemPayload, type ItemFormValues } from '@/items/itemChecks';
import { ItemInputs } from '@/items/ItemInputs';

const defaultValues: ItemFormValues = { isApi: false, inStock: true, itemidarray: [] };

/** `/admin/createitems`. */
const ItemCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const [create] = useCreate();

  const submit = async (values: FieldValues) => {
    const errors = checkItem(values);
    if (errors) {
      notify(Object.values(errors)[0], { type: 'error' });
      return errors;
    }
    try {
      await create('viewitems', { data: toItemPayload(values) }, { returnPromise: true });
      notify('resources.viewitems.notifications.created', { type: 'success' });
      redirect('list', 'viewitems');
    } catch (error) {
      const message = serverMessage(error) ?? 'resources.viewitems.notifications.create_failed';
      notify(message, { type: 'error', messageArgs: { _: message } });
    }
    return undefined;
  };

  return (
    <Create resource="viewitems" title="resources.viewitems.create_title">
      <SimpleForm
        toolbar={<CreateToolbar />}
        onSubmit={submit}
        defaultValues={defaultValues}
        sx={{ maxWidth: 640 }}
      >
        <ItemInputs />
      </SimpleForm>
    </Create>
  );
};

export default ItemCreate;
