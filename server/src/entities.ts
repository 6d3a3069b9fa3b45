import { LeaseEntity } from './database/lease.entity.js';
import { ScheduledRunEntity } from './jobs/scheduled-run.entity.js';
import { AuditLogEntity } from './modules/audit/audit-log.entity.js';
import { EmailTokenEntity } from './modules/auth/email-token.entity.js';
import { OtpCodeEntity } from './modules/auth/otp-code.entity.js';
import { PendingRegistrationEntity } from './modules/auth/pending-registration.entity.js';
import { ItemEntity } from './modules/catalog/item.entity.js';
import { ProductEntity } from './modules/catalog/product.entity.js';
import { CouponUserUseEntity } from './modules/coupons/coupon-user-use.entity.js';
import { CouponEntity } from './modules/coupons/coupon.entity.js';
import { SupplierPurchaseEntity } from './modules/delivery/supplier-purchase.entity.js';
import { PackTallyChangeEntity, PackTallyEntity } from './modules/delivery/pack-tally.entity.js';
import { GalleryImageEntity } from './modules/gallery/gallery-image.entity.js';
import { TaxDocumentSeriesEntity } from './modules/invoices/tax-document-series.entity.js';
import { TaxDocumentEntity } from './modules/invoices/tax-document.entity.js';
import { IdempotencyKeyEntity } from './common/idempotency/idempotency-key.entity.js';
import { LedgerEntryEntity } from './modules/ledger/ledger-entry.entity.js';
import { LedgerMovementEntity } from './modules/ledger/ledger-movement.entity.js';
import { OutgoingMailEntity } from './modules/notifications/outgoing-mail.entity.js';
import { AdminAlertEntity } from './modules/operations/admin-alert.entity.js';
import { OrderTallyChangeEntity, OrderTallyEntity } from './modules/orders/order-tally.entity.js';
import {
  PromiseTallyChangeEntity,
  PromiseTallyEntity,
} from './modules/orders/promise-tally.entity.js';
import { OrderEntity } from './modules/orders/order.entity.js';
import { PaymentCheckEntity } from './modules/payments/payment-check.entity.js';
import { PaymentEntity } from './modules/payments/payment.entity.js';
import { ReferralCodeEntity } from './modules/referrals/referral-code.entity.js';
import { ReferralDeviceEntity } from './modules/referrals/referral-device.entity.js';
import { ReferralEntity } from './modules/referrals/referral.entity.js';
import {
  ResellerCallbackAttemptEntity,
  ResellerCallbackEventEntity,
} from './modules/reseller-api/callbacks/callback-event.entity.js';
import { ResellerApiKeyEntity } from './modules/reseller-api/reseller-api-key.entity.js';
import {
  ResellerBatchEntity,
  ResellerBatchRowEntity,
} from './modules/reseller-api/bulk/reseller-batch.entity.js';
import { ResellerOrderEntity } from './modules/reseller-api/reseller-order.entity.js';
import {
  ResellerSandboxMovementEntity,
  ResellerSandboxOrderEntity,
  ResellerSandboxWalletEntity,
} from './modules/reseller-api/reseller-sandbox.entity.js';
import { SavedPlayerEntity } from './modules/saved-players/saved-player.entity.js';
import { UserTallyChangeEntity, UserTallyEntity } from './modules/users/user-tally.entity.js';
import { UserEntity } from './modules/users/user.entity.js';
import {
  WalletTransactionDayTallyChangeEntity,
  WalletTransactionDayTallyEntity,
  WalletTransactionTallyChangeEntity,
  WalletTransactionTallyEntity,
} from './modules/wallet/wallet-transaction-tally.entity.js';
import { WalletTransactionEntity } from './modules/wallet/wallet-transaction.entity.js';
import { SandboxMoogoldOrderEntity } from './sandbox/moogold/sandbox-moogold-order.entity.js';
import { SandboxMessageEntity } from './sandbox/outbox/sandbox-message.entity.js';
import { SandboxSmileoneOrderEntity } from './sandbox/smileone/sandbox-smileone-order.entity.js';
import {
  SandboxSupplierBalanceEntity,
  SandboxSupplierControlEntity,
} from './sandbox/suppliers/sandbox-supplier.entity.js';
import { SandboxUpiOrderEntity } from './sandbox/upigateway/sandbox-upi-order.entity.js';
import { WhatsAppConsentEntity } from './modules/whatsapp/whatsapp-consent.entity.js';
import { WhatsAppMessageEntity } from './modules/whatsapp/whatsapp-message.entity.js';

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
  GalleryImageEntity,
  IdempotencyKeyEntity,
  ItemEntity,
  LeaseEntity,
  LedgerEntryEntity,
  LedgerMovementEntity,
  OrderEntity,
  OrderTallyChangeEntity,
  OrderTallyEntity,
  PromiseTallyChangeEntity,
  PromiseTallyEntity,
  PaymentCheckEntity,
  PaymentEntity,
  OtpCodeEntity,
  OutgoingMailEntity,
  PendingRegistrationEntity,
  ProductEntity,
  ReferralCodeEntity,
  ReferralDeviceEntity,
  ReferralEntity,
  ResellerApiKeyEntity,
  ResellerBatchEntity,
  ResellerBatchRowEntity,
  ResellerCallbackAttemptEntity,
  ResellerCallbackEventEntity,
  ResellerOrderEntity,
  ResellerSandboxMovementEntity,
  ResellerSandboxOrderEntity,
  ResellerSandboxWalletEntity,
  SandboxMessageEntity,
  SandboxMoogoldOrderEntity,
  SandboxSmileoneOrderEntity,
  SandboxSupplierBalanceEntity,
  SandboxSupplierControlEntity,
  SandboxUpiOrderEntity,
  SavedPlayerEntity,
  ScheduledRunEntity,
  SupplierPurchaseEntity,
  PackTallyEntity,
  PackTallyChangeEntity,
  TaxDocumentEntity,
  TaxDocumentSeriesEntity,
  UserEntity,
  UserTallyEntity,
  UserTallyChangeEntity,
  WalletTransactionDayTallyChangeEntity,
  WalletTransactionDayTallyEntity,
  WalletTransactionEntity,
  WalletTransactionTallyChangeEntity,
  WalletTransactionTallyEntity,
  WhatsAppConsentEntity,
  WhatsAppMessageEntity,
];
