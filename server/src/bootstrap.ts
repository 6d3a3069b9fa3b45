import { Logger, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger as PinoLogger } from 'nestjs-pino';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AddressInfo } from 'node:net';
import { AppModule } from './app.module.js';
import { StoreLogger } from './common/store-logger.js';
import type { AppConfig } from './config/config.js';
import { migrate } from './database/data-source.js';
import { startEmbeddedPostgres } from './database/embedded.js';
import { answerClientError } from './http/client-errors.js';
import { configureHttp, type StaticRoots } from './http/configure-http.js';
import { JobWorkerService } from './jobs/job-worker.service.js';
import { DemoDataService } from './modules/demo/demo-data.service.js';
import { ProviderUrls } from './providers/provider-urls.js';

export interface RunningStore {
  app: INestApplicationContext;
  /** The HTTP port actually bound (0 asks for a free one), when this process serves HTTP. */
  port?: number;
  /** Stops taking requests, lets in-flight requests and jobs finish, then closes everything. */
  close(): Promise<void>;
}

function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

function isLoopback(host: string) {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Starts one store process in the role the configuration names. */
export async function startStore(config: AppConfig, roots: StaticRoots): Promise<RunningStore> {
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  await migrate(databaseUrl);
  const module = AppModule.forRoot({ ...config, databaseUrl });
  const silent = config.logLevel === 'silent';
  const logging = silent ? { logger: false as const } : { bufferLogs: true };
  const useStoreLogger = (app: INestApplicationContext) => {
    if (!silent) app.useLogger(new StoreLogger(app.get(PinoLogger), config.logLevel));
  };

  if (!config.runsHttp) {
    const app = await NestFactory.createApplicationContext(module, logging);
    useStoreLogger(app);
    await app.init();
    return {
      app,
      close: async () => {
        // Stop taking jobs before Nest runs its shutdown hooks, which take a while.
        await app.get(JobWorkerService).stop();
        await app.close();
        await embedded?.stop();
      },
    };
  }

  const adapter = new FastifyAdapter({
    // A hop count becomes the function Fastify would make of it (Nest's type omits numbers).
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // The largest body a client of ours sends is a few KB; parsing costs time with its size, so
    // a body this large already takes a few milliseconds (sign-in routes take less, request-shape.ts).
    bodyLimit: 100 * 1024,
    // Long enough for the e-mailed link tokens, so a bad one gets the spec's answer, not a 414,
    // and for an admin's order reason (up to 500 characters, percent-encoded in the path).
    routerOptions: { maxParamLength: 4096 },
    // A request trickled in byte by byte holds its connection no longer than the request timeout;
    // Node checks the timeouts every `connectionsCheckingInterval`.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(config.http.headersTimeoutMs / 4)),
    },
    forceCloseConnections: 'idle',
    // Requests already sent on open connections when SIGTERM arrives are served, not refused.
    return503OnClosing: false,
    clientErrorHandler: answerClientError,
  });
  const app = await NestFactory.create<NestFastifyApplication>(module, adapter, logging);
  useStoreLogger(app);
  await configureHttp(app, config, roots);
  // Beyond it Node closes a new connection at once, before it costs more than a file descriptor.
  app.getHttpServer().maxConnections = config.http.maxConnections;
  // An empty database is seeded before the port opens: until then nothing answers, so no client
  // reads (and no cache keeps) a catalogue the seed has not written yet.
  await app.init();
  await app.get(DemoDataService).seedIfEmpty();
  await app.listen(config.port, config.host);
  const port = (app.getHttpServer().address() as AddressInfo).port;
  if (config.sandbox && !isLoopback(config.host)) {
    new Logger('Sandbox').warn(
      `SANDBOX MODE LISTENS ON ${config.host}:${port}, BEYOND LOOPBACK: anyone who reaches it can ` +
        'sign in as any account through the Google simulator, read every OTP in the outbox and ' +
        'mark orders paid. Use it only on a private network; never for real customers.',
    );
  }
  app.get(ProviderUrls).setListening(port);
  await app.get(JobWorkerService).start();
  return {
    app,
    port,
    close: async () => {
      // Fastify stops accepting and waits for in-flight requests; then jobs, queues, pools close.
      await app.getHttpAdapter().close();
      await app.get(JobWorkerService).stop();
      await app.close();
      await embedded?.stop();
    },
  };
}
