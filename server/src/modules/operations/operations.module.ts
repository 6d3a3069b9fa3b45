import { Global, Module } from '@nestjs/common';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { ResellerApiModule } from '../reseller-api/reseller-api.module.js';
import { WhatsAppModule } from '../whatsapp/whatsapp.module.js';
import { AdminAlertsService } from './admin-alerts.service.js';
import { AlertChecksService } from './alert-checks.service.js';
import { AlertsAdminController } from './alerts.admin.controller.js';
import { RedisMemoryAlarm } from './redis-memory-alarm.service.js';
import { RetentionService } from './retention.service.js';
import { MetricsCollector } from './metrics.collector.js';
import { MetricsController } from './metrics.controller.js';
import { StoreMetrics } from '../../common/metrics/store-metrics.js';
import { SupplierBalancesService } from './supplier-balances.service.js';

/** Running the store: metrics, cached supplier balances, alerts to the admin. */
@Global()
@Module({
  imports: [NotificationsModule, OrdersModule, PaymentsModule, WhatsAppModule, ResellerApiModule],
  controllers: [MetricsController, AlertsAdminController],
  providers: [
    StoreMetrics,
    MetricsCollector,
    SupplierBalancesService,
    AdminAlertsService,
    AlertChecksService,
    RetentionService,
    RedisMemoryAlarm,
  ],
  exports: [StoreMetrics, SupplierBalancesService, AdminAlertsService],
})
export class OperationsModule {}
