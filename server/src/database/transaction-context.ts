import type { DynamicModule, Provider } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ClsModule } from 'nestjs-cls';
import { DataSource } from 'typeorm';

type Imported = NonNullable<DynamicModule['imports']>[number];

const isGlobalEnhancer = (provider: Provider) =>
  typeof provider === 'object' &&
  'provide' in provider &&
  (provider.provide === APP_GUARD || provider.provide === APP_INTERCEPTOR);

/**
 * The current transaction travels in the async context (nestjs-cls with its transactional
 * plugin): services open it, repositories run on it. Requests and jobs enter a context at their
 * entry point (`LogContext.run`), anything else gets one from `withTransaction` itself.
 *
 * nestjs-cls mounts none of its own enhancers here, yet registers them anyway as a global guard
 * and a global interceptor that do nothing, which would put an interceptor chain on every route.
 * They are left out.
 */
export function transactionContextModule(): DynamicModule {
  const cls = ClsModule.forRoot({
    global: true,
    plugins: [
      new ClsPluginTransactional({
        adapter: new TransactionalAdapterTypeOrm({ dataSourceToken: DataSource }),
      }),
    ],
  });
  const withoutEnhancers = (imported: Imported): Imported =>
    typeof imported === 'object' && 'module' in imported && imported.providers
      ? { ...imported, providers: imported.providers.filter((p) => !isGlobalEnhancer(p)) }
      : imported;
  return { ...cls, imports: cls.imports?.map(withoutEnhancers) };
}
