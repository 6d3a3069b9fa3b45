import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { lazy } from 'react';
import type { Referral } from '@/types';

export default {
  list: lazy(() => import('@/referrals/ReferralList')),
  icon: GroupAddIcon,
  recordRepresentation: (record: Referral) => `${record.referrer} → ${record.referee}`,
};
