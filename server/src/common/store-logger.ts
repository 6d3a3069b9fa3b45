import type { LoggerService } from '@nestjs/common';

/** Nest's start-up chatter (one line per module and route) is only wanted when debugging. */
const BOOT_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
]);

/** The application's logger (pino, JSON) without Nest's boot chatter outside debug levels. */
export class StoreLogger implements LoggerService {
  private readonly quietBoot: boolean;

  constructor(
    private readonly inner: LoggerService,
    level: string,
  ) {
    this.quietBoot = level !== 'debug' && level !== 'trace';
  }

  log(message: unknown, ...params: unknown[]) {
    const context = params[params.length - 1];
    if (this.quietBoot && typeof context === 'string' && BOOT_CONTEXTS.has(context)) return;
    this.inner.log(message, ...params);
  }

  error(message: unknown, ...params: unknown[]) {
    this.inner.error(message, ...params);
  }

  warn(message: unknown, ...params: unknown[]) {
    this.inner.warn(message, ...params);
  }

  debug(message: unknown, ...params: unknown[]) {
    this.inner.debug?.(message, ...params);
  }

  verbose(message: unknown, ...params: unknown[]) {
    this.inner.verbose?.(message, ...params);
  }

  fatal(message: unknown, ...params: unknown[]) {
    this.inner.fatal?.(message, ...params);
  }
}
