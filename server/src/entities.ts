import { AdminAlertEntity } from './modules/operations/admin-alert.entity.js';
import { AuditLogEntity } from './modules/audit/audit-log.entity.js';
import { CouponEntity } from './modules/coupons/coupon.entity.js';
import { CouponUserUseEntity } from './modules/coupons/coupon-user-use.entity.js';
import { EmailTokenEntity } from './modules/auth/email-token.entity.js';
import { ItemEntity } from './modules/catalog/item.entity.js';
import { LedgerMovementEntity } from './modules/ledger/ledger-movement.entity.js';
import { OrderEntity } from './modules/orders/order.entity.js';
import { OrderTallyChangeEntity, OrderTallyEntity } from './modules/orders/order-tally.entity.js';
import { OtpCodeEntity } from './modules/auth/otp-code.entity.js';
import { OutgoingMailEntity } from './modules/notifications/outgoing-mail.entity.js';
import { PendingRegistrationEntity } from './modules/auth/pending-registration.entity.js';
import { ProductEntity } from './modules/catalog/product.entity.js';
import { SavedPlayerEntity } from './modules/saved-players/saved-player.entity.js';
import { SupplierPurchaseEntity } from './modules/delivery/supplier-purchase.entity.js';
import { UserEntity } from './modules/users/user.entity.js';

/**
 * Every table's entity, each owned by the module whose folder holds it. The data source loads
 * these; `test/e2e/entity-drift.e2e-spec.ts` checks they describe what the migrations built.
 */
export const storeEntities = [
  AdminAlertEntity,
  AuditLogEntity,
  CouponEntity,
  CouponUserUseEntity,
  EmailTokenEntity,
  ItemEntity,
  LedgerMovementEntity,
  OrderEntity,
  OrderTallyChangeEntity,
  OrderTallyEntity,
  OtpCodeEntity,
  OutgoingMailEntity,
  PendingRegistrationEntity,
  ProductEntity,
  SavedPlayerEntity,
  SupplierPurchaseEntity,
  UserEntity,
];
