import { SearchInput, SelectInput } from 'react-admin';
import { flagChoices, roleChoices } from '@/users/userChoices';

export const userFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="role" source="role" choices={roleChoices} alwaysOn />,
  <SelectInput key="isBlocked" source="isBlocked" choices={flagChoices} alwaysOn />,
];
