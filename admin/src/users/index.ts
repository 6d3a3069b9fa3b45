import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';
import type { User } from '@/types';

export default {
  list: lazy(() => import('@/users/UserList')),
  edit: lazy(() => import('@/users/UserEdit')),
  icon: PeopleIcon,
  recordRepresentation: (record: User) => `${record.name} (${record.userid})`,
};
