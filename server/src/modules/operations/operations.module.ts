import { Global, Module } from '@nestjs/common';
import { MetricsCollector } from './metrics.collector.js';
import { MetricsController } from './metrics.controller.js';
import { StoreMetrics } from './store-metrics.js';
import { SupplierBalancesService } from './supplier-balances.service.js';

/** Running the store: metrics, cached supplier balances. */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [StoreMetrics, MetricsCollector, SupplierBalancesService],
  exports: [StoreMetrics, SupplierBalancesService],
})
export class OperationsModule {}
