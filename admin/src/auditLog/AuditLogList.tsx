import { DataTable, List, TextField } from 'react-admin';
import { DateTimeField } from '@/common/DateTimeField';
import { AuditChanges } from '@/auditLog/AuditChanges';
import { auditLogFilters } from '@/auditLog/auditLogFilters';
import { EmptyText } from '@/common/ListStates';
import type { AuditEntry } from '@/types';

const Column = DataTable.Col<AuditEntry>;
const empty = <EmptyText message="resources.auditlog.empty" />;

/** `/admin/auditlog`: who changed what and when, newest first; a row opens its before/after. */
const AuditLogList = () => (
  <List<AuditEntry>
    filters={auditLogFilters}
    actions={false}
    sort={{ field: 'createdAt', order: 'DESC' }}
    perPage={25}
    empty={empty}
  >
    <DataTable<AuditEntry>
      bulkActionButtons={false}
      empty={empty}
      rowClick="expand"
      expand={<AuditChanges />}
    >
      <Column source="createdAt">
        <DateTimeField source="createdAt" />
      </Column>
      <Column source="actorEmail">
        <TextField source="actorEmail" emptyText="—" />
      </Column>
      <Column source="action" />
      <Column source="entity" />
      <Column source="entityId" />
    </DataTable>
  </List>
);

export default AuditLogList;
