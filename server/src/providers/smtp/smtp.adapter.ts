import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ProviderUrls } from '../provider-urls.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** Sends e-mail over SMTP: the configured server, or the sandbox's own listener. */
@Injectable()
export class SmtpAdapter implements OnApplicationShutdown {
  private transporter?: Transporter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly urls: ProviderUrls,
  ) {}

  private getTransporter() {
    if (!this.transporter) {
      const smtp = this.config.smtp;
      this.transporter = smtp
        ? nodemailer.createTransport({
            host: smtp.host,
            port: smtp.port,
            secure: smtp.secure,
            auth: smtp.user ? { user: smtp.user, pass: smtp.pass } : undefined,
            connectionTimeout: this.config.providerTimeoutMs,
            socketTimeout: this.config.providerTimeoutMs * 3,
          })
        : nodemailer.createTransport({
            host: '127.0.0.1',
            port: this.urls.sandboxSmtpPort(),
            secure: false,
            ignoreTLS: true,
            connectionTimeout: this.config.providerTimeoutMs,
          });
    }
    return this.transporter;
  }

  async send(message: MailMessage) {
    const info = (await this.getTransporter().sendMail({
      from: this.config.mailFrom,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? undefined,
    })) as { messageId: string };
    return info.messageId;
  }

  onApplicationShutdown() {
    this.transporter?.close();
  }
}
