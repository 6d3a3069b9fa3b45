import HistoryIcon from '@mui/icons-material/History';
import { lazy } from 'react';
import type { AuditEntry } from '@/types';

export default {
  list: lazy(() => import('@/auditLog/AuditLogList')),
  icon: HistoryIcon,
  recordRepresentation: (record: AuditEntry) => `${record.action} ${record.entityId}`,
};
