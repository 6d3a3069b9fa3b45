import { DateInput, SelectInput, TextInput } from 'react-admin';
import { auditActionChoices, auditEntityChoices } from '@/auditLog/auditChoices';

export const auditLogFilters = [
  <SelectInput
    key="action"
    source="action"
    choices={auditActionChoices}
    emptyText="app.all"
    alwaysOn
  />,
  <SelectInput
    key="entity"
    source="entity"
    choices={auditEntityChoices}
    emptyText="app.all"
    alwaysOn
  />,
  <TextInput key="actor" source="actor" alwaysOn />,
  <TextInput key="entityId" source="entityId" />,
  <DateInput key="from" source="from" />,
  <DateInput key="to" source="to" />,
];
