import { useMediaQuery, type Theme } from '@mui/material';
import { isLookAlikeEmail } from '@zstore/contract/email-address';
import { DataTable, List, Pagination, SelectField, SimpleList, useTranslate } from 'react-admin';
import type { User } from '@/types';
import { AddBalanceButton } from '@/users/AddBalanceButton';
import { EmailField } from '@/users/EmailField';
import { FlagField } from '@/users/FlagField';
import { PER_PAGE_OPTIONS, roleChoices, rupeeFormat } from '@/users/userChoices';
import { userFilters } from '@/users/userFilters';

const Column = DataTable.Col<User>;
const NumberColumn = DataTable.NumberCol<User>;

const formatRupees = (amount: number) =>
  new Intl.NumberFormat('en-IN', rupeeFormat).format(Number(amount) || 0);

const UserList = () => {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const translate = useTranslate();
  return (
    <List<User>
      filters={userFilters}
      actions={false}
      sort={{ field: 'userid', order: 'ASC' }}
      perPage={PER_PAGE_OPTIONS[0]}
      pagination={<Pagination rowsPerPageOptions={PER_PAGE_OPTIONS} />}
    >
      {isSmall ? (
        <SimpleList<User>
          primaryText={(record) => record.name}
          secondaryText={(record) =>
            `${record.email}${isLookAlikeEmail(record.email) ? ` (${translate('resources.usersdata.warnings.mixed_scripts')})` : ''} · ${translate(`resources.usersdata.roles.${record.role}`)}`
          }
          tertiaryText={(record) => formatRupees(record.balance)}
          linkType="edit"
        />
      ) : (
        <DataTable<User> rowClick="edit" bulkActionButtons={false}>
          <Column source="userid" />
          <Column source="name" />
          <Column source="email">
            <EmailField />
          </Column>
          <Column source="mobilenumber" />
          <Column source="role">
            <SelectField source="role" choices={roleChoices} />
          </Column>
          <Column source="verified">
            <FlagField source="verified" trueColor="success" />
          </Column>
          <Column source="isBlocked">
            <FlagField source="isBlocked" trueColor="error" />
          </Column>
          <NumberColumn source="balance" locales="en-IN" options={rupeeFormat} />
          <Column label="resources.usersdata.actions.wallet" disableSort>
            <AddBalanceButton />
          </Column>
        </DataTable>
      )}
    </List>
  );
};

export default UserList;
