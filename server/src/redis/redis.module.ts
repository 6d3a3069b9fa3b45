import { EventEmitter } from 'node:events';
import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { Command, Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

export const REDIS = Symbol('REDIS');

const REDIS_CONNECT_TIMEOUT_MS = 5_000;
const REDIS_COMMAND_TIMEOUT_MS = 1_000;
/** While Redis is found silent, how often a PING tries it again. */
const REDIS_PROBE_INTERVAL_MS = 1_000;

/** Refused without trying, because Redis did not answer the last command that tried it. */
export class RedisOutageError extends Error {
  override readonly name = 'RedisOutageError';
  constructor() {
    super('Redis is not answering');
  }
}

/** Redis refusing a write because it reached `maxmemory` (policy `noeviction`). */
export function isRedisOutOfMemory(error: unknown): boolean {
  const { message } = (error ?? {}) as { message?: unknown };
  return typeof message === 'string' && message.startsWith('OOM ');
}

/**
 * Told of each Redis refusal for memory that reached a request (`out-of-memory`), so the
 * operations module can alert the admin.
 */
export const redisFaults = new EventEmitter();

/**
 * The errors ioredis raises when Redis cannot be reached or does not answer in time, or
 * refuses writes for memory: each one a moment to wait, not a fault of the request.
 */
export function isRedisUnavailable(error: unknown): boolean {
  return isRedisOutOfMemory(error) || isRedisSilent(error);
}

/** A command that found Redis gone or silent (not one Redis answered with a refusal). */
function isRedisSilent(error: unknown): boolean {
  const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
  if (name === 'MaxRetriesPerRequestError' || name === 'RedisOutageError') return true;
  return (
    typeof message === 'string' &&
    /^(Command timed out|Connection is closed|Stream isn't writeable|Reached the max retries per request)/.test(
      message,
    )
  );
}

/**
 * A client that remembers an outage: once a command finds Redis gone or silent, the next ones
 * are refused at once instead of each waiting out the command timeout, so no request waits on
 * Redis during an outage. Meanwhile a PING of its own tries Redis every second; its answer, any
 * other answer, or a new connection ends the outage.
 */
class OutageAwareRedis extends Redis {
  private silent = false;
  private probe?: NodeJS.Timeout;
  private probing = false;

  override sendCommand(command: Command, stream?: Parameters<Redis['sendCommand']>[1]) {
    if (this.silent && !this.isHandshake(command)) {
      command.reject(new RedisOutageError());
      return command.promise;
    }
    return this.trackReply(super.sendCommand(command, stream) as Promise<unknown>);
  }

  markAnswering() {
    this.silent = false;
    clearInterval(this.probe);
    this.probe = undefined;
  }

  /** Stops trying Redis once the client is closed for good. */
  stopTrying() {
    clearInterval(this.probe);
    this.probe = undefined;
  }

  private trackReply(reply: Promise<unknown>) {
    reply.then(
      () => this.markAnswering(),
      (error: unknown) => {
        if (isRedisSilent(error)) this.markSilent();
      },
    );
    return reply;
  }

  private markSilent() {
    if (this.silent || this.status === 'end') return;
    this.silent = true;
    this.probe = setInterval(() => this.tryRedis(), REDIS_PROBE_INTERVAL_MS);
    this.probe.unref();
  }

  /** One PING at a time, outside the refusal: the only command that waits on a silent Redis. */
  private tryRedis() {
    if (this.probing) return;
    this.probing = true;
    const ping = new Command('ping');
    void this.trackReply(super.sendCommand(ping) as Promise<unknown>)
      .catch(() => undefined)
      .finally(() => (this.probing = false));
  }

  /** A new connection's own first commands, which are how it finds Redis answering again. */
  private isHandshake(command: Command) {
    return this.status === 'connect' && Command.checkFlag('HANDSHAKE_COMMANDS', command.name);
  }
}

export function createRedis(
  config: AppConfig,
  purpose: string,
  options: { forWorker?: boolean; autoPipelining?: boolean; rememberOutages?: boolean } = {},
) {
  const Client = options.rememberOutages ? OutageAwareRedis : Redis;
  const client = new Client(config.redisUrl, {
    connectionName: `zstore-${purpose}`,
    enableAutoPipelining: options.autoPipelining ?? false,
    lazyConnect: false,
    enableOfflineQueue: true,
    // BullMQ workers block on Redis and must wait through outages rather than fail commands;
    // everything else fails fast, so a request answers 503 instead of hanging (RELIABILITY J8).
    ...(options.forWorker
      ? { maxRetriesPerRequest: null }
      : {
          maxRetriesPerRequest: 1,
          commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
          connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
        }),
  });
  client.on('error', () => undefined);
  if (client instanceof OutageAwareRedis) {
    client.on('ready', () => client.markAnswering());
    client.on('end', () => client.stopTrying());
  }
  return client;
}

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      // Commands that many requests send in the same tick (rate limits, checked players) go
      // out as one write: fewer system calls for Redis and for us.
      useFactory: (config: AppConfig) =>
        createRedis(config, 'app', { autoPipelining: true, rememberOutages: true }),
    },
    RedisCloser,
  ],
  exports: [REDIS],
})
export class RedisModule {}
