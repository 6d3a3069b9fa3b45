import 'reflect-metadata';
import { InitializeOnPreviewAllowlist, NestFactory, RouterModule } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from './app.module.js';
import { loadConfig } from './config/config.js';
import { createApiDocument } from './http/api-document.js';

/**
 * Prints the production API document (no sandbox routes) as JSON without a database or Redis:
 * Nest's preview mode builds the module graph without creating any provider. RouterModule is
 * let in because it is what puts the modules' routes under `/api`.
 */
async function main() {
  const config = {
    ...loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent' }),
    sandbox: false,
  };
  InitializeOnPreviewAllowlist.add(RouterModule);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot({ ...config, databaseUrl: 'postgres://preview.invalid/none' }),
    new FastifyAdapter(),
    { preview: true, logger: false, abortOnError: false },
  );
  const document = createApiDocument(app, config);
  await app.close();
  process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
