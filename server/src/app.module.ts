import { DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_FILTER, APP_PIPE, RouterModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { createValidationPipe } from './common/http/validation.js';
import { LoggingModule } from './common/logging/logging.module.js';
import { GlobalExceptionFilter } from './common/errors/global-exception.filter.js';
import type { AppConfig } from './config/config.js';
import { CoreModule } from './config/config.module.js';
import { dataSourceOptions } from './database/data-source.js';
import { storeEntities } from './entities.js';
import { transactionContextModule } from './database/transaction-context.js';
import { HealthModule } from './health/health.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { AuditModule } from './modules/audit/audit.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { CatalogModule } from './modules/catalog/catalog.module.js';
import { CouponsModule } from './modules/coupons/coupons.module.js';
import { DeliveryModule } from './modules/delivery/delivery.module.js';
import { GalleryModule } from './modules/gallery/gallery.module.js';
import { IdempotencyModule } from './common/idempotency/idempotency.module.js';
import { InvoicesModule } from './modules/invoices/invoices.module.js';
import { OrdersModule } from './modules/orders/orders.module.js';
import { GuestsModule } from './modules/guests/guests.module.js';
import { PaymentsModule } from './modules/payments/payments.module.js';
import { WalletModule } from './modules/wallet/wallet.module.js';
import { DemoModule } from './modules/demo/demo.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { OperationsModule } from './modules/operations/operations.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { ProvidersModule } from './providers/providers.module.js';
import { RedisModule } from './redis/redis.module.js';
import { SandboxApiModule } from './sandbox/sandbox-api.module.js';
import { SandboxModule } from './sandbox/sandbox.module.js';
import { WhatsAppModule } from './modules/whatsapp/whatsapp.module.js';
import { ReferralsModule } from './modules/referrals/referrals.module.js';
import { SavedPlayersModule } from './modules/saved-players/saved-players.module.js';
import { SiteFilesModule } from './modules/site-files/site-files.module.js';
import { ResellerApiModule } from './modules/reseller-api/reseller-api.module.js';

/**
 * One module tree for every role: an `api` process serves the controllers and produces jobs,
 * a `worker` runs the same modules as a plain application context with the BullMQ workers.
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig & { databaseUrl: string }): DynamicModule {
    const apiModules: Type[] = [
      AuthModule,
      UsersModule,
      HealthModule,
      CatalogModule,
      GalleryModule,
      CouponsModule,
      WalletModule,
      OrdersModule,
      GuestsModule,
      InvoicesModule,
      SavedPlayersModule,
      ReferralsModule,
      PaymentsModule,
      DeliveryModule,
      AuditModule,
      OperationsModule,
      ResellerApiModule,
      WhatsAppModule,
    ];
    const sandbox: Type[] = config.sandbox ? [SandboxModule, SandboxApiModule] : [];
    if (config.sandbox) apiModules.push(SandboxApiModule);
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config),
        LoggingModule.forRoot(config),
        TypeOrmModule.forRoot(
          dataSourceOptions({
            url: config.databaseUrl,
            poolMax: config.databasePool.max,
            poolTimeoutMs: config.databasePool.timeoutMs,
            entities: storeEntities,
          }),
        ),
        transactionContextModule(),
        RedisModule,
        JobsModule,
        AuditModule,
        ProvidersModule,
        OperationsModule,
        NotificationsModule,
        AuthModule,
        UsersModule,
        IdempotencyModule,
        CatalogModule,
        GalleryModule,
        CouponsModule,
        WalletModule,
        OrdersModule,
        GuestsModule,
        InvoicesModule,
        SavedPlayersModule,
        ReferralsModule,
        PaymentsModule,
        DeliveryModule,
        ResellerApiModule,
        WhatsAppModule,
        DemoModule,
        HealthModule,
        SiteFilesModule,
        ...sandbox,
        RouterModule.register([{ path: 'api', children: apiModules }]),
      ],
      providers: [
        { provide: APP_FILTER, useClass: GlobalExceptionFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
