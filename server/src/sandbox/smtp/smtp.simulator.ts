import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import smtp from 'smtp-server';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ProviderUrls } from '../../providers/provider-urls.js';
import { REDIS } from '../../redis/redis.module.js';
import { OutboxRepository } from '../outbox/outbox.repository.js';
import { parseMail } from './mime.js';

/**
 * A real SMTP listener on a free local port: nodemailer delivers to it like to any mail server
 * and it files each message in the outbox. `POST /sandbox/smtp/faults` can make it slow.
 */
@Injectable()
export class SmtpSimulator implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('SandboxSmtp');
  private server?: InstanceType<typeof smtp.SMTPServer>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly outbox: OutboxRepository,
    private readonly urls: ProviderUrls,
  ) {}

  delayKey() {
    return `${this.config.redisPrefix}:sandbox:smtp:delay`;
  }

  async onModuleInit() {
    if (this.config.smtp) return;
    const server = new smtp.SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      size: 1024 * 1024,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.store(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
          )
            .then(() => callback())
            .catch((error: Error) => callback(error));
        });
      },
    });
    server.on('error', (error) => this.logger.warn(error.message));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.urls.setSandboxSmtpPort((server.server.address() as AddressInfo).port);
  }

  private async store(raw: string, recipients: string[]) {
    const delay = Number(await this.redis.get(this.delayKey())) || 0;
    if (delay > 0) await sleep(delay);
    const mail = parseMail(raw);
    for (const to of recipients) await this.outbox.add('email', to, mail.subject, mail.text);
  }

  async onApplicationShutdown() {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }
}
