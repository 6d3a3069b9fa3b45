import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import { lazy } from 'react';
import type { Coupon } from '@/types';

export default {
  list: lazy(() => import('@/coupons/CouponList')),
  icon: LocalOfferIcon,
  recordRepresentation: (record: Coupon) => record.couponCode,
};

export const CouponCreate = lazy(() => import('@/coupons/CouponCreate'));
