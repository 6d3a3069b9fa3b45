import { Button, Stack } from '@mui/material';
import { Link } from 'react-router-dom';
import {
  BooleanInput,
  Edit,
  HttpError,
  Labeled,
  NumberField,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  TopToolbar,
  email,
  required,
  useNotify,
  useBasename,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import type { FlagString, User } from '@/types';
import { AddBalanceButton } from '@/users/AddBalanceButton';
import { roleChoices, rupeeFormat } from '@/users/userChoices';

/** The fields `PUT /api/admin/rest/users/:id` accepts. */
type UserUpdate = Pick<User, 'name' | 'mobilenumber' | 'email' | 'role' | 'verified' | 'isBlocked'>;

const toUpdate = (record: User): UserUpdate => ({
  name: record.name,
  mobilenumber: record.mobilenumber,
  email: record.email,
  role: record.role,
  verified: record.verified,
  isBlocked: record.isBlocked,
});

const formatFlag = (value: FlagString | boolean | undefined) => value === 'true' || value === true;
const parseFlag = (checked: boolean): FlagString => (checked ? 'true' : 'false');

const hasServerMessage = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  ['message', 'msg'].some((key) => typeof (body as Record<string, unknown>)[key] === 'string');

const UserEditToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/** A reseller's API keys, callbacks, orders and statement are on their own page. */
const ResellerLink = () => {
  const user = useRecordContext<User>();
  const basename = useBasename();
  const translate = useTranslate();
  if (user?.role !== 'reseller') return null;
  return (
    <Button component={Link} to={`${basename}/resellers/${user.userid}`}>
      {translate('app.resellers.manage')}
    </Button>
  );
};

const UserEditActions = () => (
  <TopToolbar>
    <ResellerLink />
    <AddBalanceButton />
  </TopToolbar>
);

const UserEdit = () => {
  const notify = useNotify();
  const redirect = useRedirect();

  const onSuccess = () => {
    notify('resources.usersdata.notifications.updated', { type: 'success' });
    redirect('list', 'usersdata');
  };

  const onError = (error: unknown) => {
    if (!(error instanceof HttpError)) {
      notify('app.error.generic', { type: 'error' });
      return;
    }
    const message = hasServerMessage(error.body)
      ? error.message
      : 'resources.usersdata.notifications.update_failed';
    notify(message, { type: 'error', messageArgs: { _: message } });
  };

  return (
    <Edit<User>
      mutationMode="pessimistic"
      actions={<UserEditActions />}
      transform={toUpdate}
      mutationOptions={{ onSuccess, onError }}
    >
      <SimpleForm toolbar={<UserEditToolbar />} sx={{ maxWidth: 560 }}>
        <Stack direction="row" spacing={4}>
          <Labeled>
            <TextField source="userid" />
          </Labeled>
          <Labeled>
            <NumberField source="balance" locales="en-IN" options={rupeeFormat} />
          </Labeled>
        </Stack>
        <TextInput source="name" validate={required()} />
        <TextInput source="mobilenumber" />
        <TextInput source="email" type="email" validate={[required(), email()]} />
        <SelectInput source="role" choices={roleChoices} validate={required()} />
        <BooleanInput source="verified" format={formatFlag} parse={parseFlag} />
        <BooleanInput source="isBlocked" format={formatFlag} parse={parseFlag} />
      </SimpleForm>
    </Edit>
  );
};

export default UserEdit;
