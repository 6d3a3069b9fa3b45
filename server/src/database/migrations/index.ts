import { Accounts1763800000000 } from './1763800000000-Accounts.js';
import { AuditLog1763800000100 } from './1763800000100-AuditLog.js';
import { Commerce1763900000000 } from './1763900000000-Commerce.js';
import { SupplierSandbox1764000000000 } from './1764000000000-SupplierSandbox.js';
import { SupplierPurchases1764000000100 } from './1764000000100-SupplierPurchases.js';
import { AdminLists1764100000000 } from './1764100000000-AdminLists.js';
import { AdminCatalog1764100000100 } from './1764100000100-AdminCatalog.js';
import { IdempotencyLease1764200000000 } from './1764200000000-IdempotencyLease.js';
import { OrderCustomerWords1764300200000 } from './1764300200000-OrderCustomerWords.js';
import { OrderPaymentUrl1764300200100 } from './1764300200100-OrderPaymentUrl.js';
import { AdminAlerts1764300400000 } from './1764300400000-AdminAlerts.js';
import { SavedPlayers1764300700000 } from './1764300700000-SavedPlayers.js';
import { PaymentCheckSchedule1764300900000 } from './1764300900000-PaymentCheckSchedule.js';
import { Leases1764400000000 } from './1764400000000-Leases.js';
import { ScaleIndexes1764400000100 } from './1764400000100-ScaleIndexes.js';
import { OtpRequester1764400000200 } from './1764400000200-OtpRequester.js';
import { ResellerApi1764500600000 } from './1764500600000-ResellerApi.js';
import { TaxInvoices1764500700000 } from './1764500700000-TaxInvoices.js';
import { UpiIntentLinks1764500800000 } from './1764500800000-UpiIntentLinks.js';
import { Referrals1764500900000 } from './1764500900000-Referrals.js';
import { SearchByPrefix1764501000000 } from './1764501000000-SearchByPrefix.js';
import { ResellerBatches1764501200000 } from './1764501200000-ResellerBatches.js';
import { ResellerCallbacks1764501300000 } from './1764501300000-ResellerCallbacks.js';
import { DeliveryGuarantee1764501400000 } from './1764501400000-DeliveryGuarantee.js';
import { GuestCheckout1764501500000 } from './1764501500000-GuestCheckout.js';
import { WhatsAppNews1764501600000 } from './1764501600000-WhatsAppNews.js';
import { Payments1764501700000 } from './1764501700000-Payments.js';
import { UserLanguage1764501800000 } from './1764501800000-UserLanguage.js';
import { SandboxMessageLanguage1764501800100 } from './1764501800100-SandboxMessageLanguage.js';
import { WalletDayTallies1764501900000 } from './1764501900000-WalletDayTallies.js';
import { TaxDocumentNumbering1764502200000 } from './1764502200000-TaxDocumentNumbering.js';
import { DeliveryNames1764502300000 } from './1764502300000-DeliveryNames.js';
import { WalletDayTalliesByKind1764502400000 } from './1764502400000-WalletDayTalliesByKind.js';
import { UserTallies1764502400100 } from './1764502400100-UserTallies.js';
import { NewestCarryUpdated1764502400200 } from './1764502400200-NewestCarryUpdated.js';
import { EmailLocalPartSearch1764502500000 } from './1764502500000-EmailLocalPartSearch.js';
import { PackTallies1764502600000 } from './1764502600000-PackTallies.js';
import { ItemNameSearch1764502700000 } from './1764502700000-ItemNameSearch.js';
import { OrderStatusNewest1764502800000 } from './1764502800000-OrderStatusNewest.js';
import { TaxDocumentsByOrderNumber1764502900000 } from './1764502900000-TaxDocumentsByOrderNumber.js';

/** Every migration, oldest first. Listed explicitly so the build and the tests load the same set. */
export const migrations = [
  Accounts1763800000000,
  AuditLog1763800000100,
  Commerce1763900000000,
  SupplierSandbox1764000000000,
  SupplierPurchases1764000000100,
  AdminLists1764100000000,
  AdminCatalog1764100000100,
  IdempotencyLease1764200000000,
  OrderCustomerWords1764300200000,
  OrderPaymentUrl1764300200100,
  AdminAlerts1764300400000,
  SavedPlayers1764300700000,
  PaymentCheckSchedule1764300900000,
  Leases1764400000000,
  ScaleIndexes1764400000100,
  OtpRequester1764400000200,
  ResellerApi1764500600000,
  TaxInvoices1764500700000,
  UpiIntentLinks1764500800000,
  Referrals1764500900000,
  SearchByPrefix1764501000000,
  ResellerBatches1764501200000,
  ResellerCallbacks1764501300000,
  DeliveryGuarantee1764501400000,
  GuestCheckout1764501500000,
  WhatsAppNews1764501600000,
  Payments1764501700000,
  UserLanguage1764501800000,
  SandboxMessageLanguage1764501800100,
  WalletDayTallies1764501900000,
  TaxDocumentNumbering1764502200000,
  DeliveryNames1764502300000,
  WalletDayTalliesByKind1764502400000,
  UserTallies1764502400100,
  NewestCarryUpdated1764502400200,
  EmailLocalPartSearch1764502500000,
  PackTallies1764502600000,
  ItemNameSearch1764502700000,
  OrderStatusNewest1764502800000,
  TaxDocumentsByOrderNumber1764502900000,
];
