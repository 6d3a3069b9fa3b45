import { AdminAlertEntity } from './modules/operations/admin-alert.entity.js';
import { ItemEntity } from './modules/catalog/item.entity.js';
import { ProductEntity } from './modules/catalog/product.entity.js';
import { CouponEntity } from './modules/coupons/coupon.entity.js';
import { LedgerMovementEntity } from './modules/ledger/ledger-movement.entity.js';
import { OrderEntity } from './modules/orders/order.entity.js';
import { ReferralCodeEntity } from './modules/referrals/referral-code.entity.js';
import { ReferralDeviceEntity } from './modules/referrals/referral-device.entity.js';
import { ReferralEntity } from './modules/referrals/referral.entity.js';
import { UserEntity } from './modules/users/user.entity.js';

/**
 * Every table's entity, each owned by the module whose folder holds it. The data source loads
 * these; `test/e2e/entity-drift.e2e-spec.ts` checks they describe what the migrations built.
 */
export const storeEntities = [
  AdminAlertEntity,
  CouponEntity,
  ItemEntity,
  LedgerMovementEntity,
  OrderEntity,
  ProductEntity,
  ReferralCodeEntity,
  ReferralDeviceEntity,
  ReferralEntity,
  UserEntity,
];
