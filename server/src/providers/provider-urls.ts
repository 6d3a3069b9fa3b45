import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/**
 * Where the sandbox simulators answer. A process that serves HTTP reaches its own `/sandbox`
 * mount; a worker reaches the API's (SANDBOX_URL). The SMTP simulator reports its port here.
 */
@Injectable()
export class ProviderUrls {
  private httpBase?: string;
  private smtpPort?: number;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  setListening(port: number) {
    this.httpBase = `http://127.0.0.1:${port}/sandbox`;
  }

  setSandboxSmtpPort(port: number) {
    this.smtpPort = port;
  }

  sandbox(provider: string) {
    return `${this.httpBase ?? this.config.sandboxUrl}/${provider}`;
  }

  sandboxSmtpPort() {
    if (!this.smtpPort) throw new Error('The sandbox SMTP listener is not running');
    return this.smtpPort;
  }
}
