import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/** Nest's start-up chatter (one line per module and route) is only wanted when debugging. */
const BOOT_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
]);

const LEVELS: Record<string, LogLevel[]> = {
  fatal: ['fatal'],
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug'],
  trace: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
};

export class StoreLogger extends ConsoleLogger {
  private readonly quietBoot: boolean;

  constructor(level: string) {
    super({ logLevels: LEVELS[level] ?? LEVELS.info });
    this.quietBoot = level !== 'debug' && level !== 'trace';
  }

  log(message: unknown, context?: string) {
    if (this.quietBoot && context && BOOT_CONTEXTS.has(context)) return;
    super.log(message, context);
  }
}
