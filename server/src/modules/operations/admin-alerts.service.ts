import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { MailService } from '../notifications/mail.service.js';
import { AdminAlertEntity } from './admin-alert.entity.js';

export type AdminAlert = Pick<AdminAlertEntity, 'key' | 'kind' | 'message' | 'openedAt'>;

const WEBHOOK_TIMEOUT_MS = 5_000;

/** How often an escalation races an alert opened or ended elsewhere before it gives up. */
const ESCALATE_ATTEMPTS = 5;

/**
 * Tells the admin when something needs them, once per episode: `open` starts an episode only
 * when the alert is not already open (the row in `admin_alerts` decides, so any process may
 * call it any number of times), and `resolve` ends it, so the next occurrence is news again.
 */
@Injectable()
export class AdminAlertsService {
  private readonly logger = new Logger('Alerts');

  constructor(
    private readonly db: DataSource,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Opens the alert `key`; true when this call started a new episode (and told the admin). */
  async open(key: string, kind: string, message: string): Promise<boolean> {
    // SQL: one guarded upsert decides, across processes, whether this call opens the episode.
    // An INSERT answers its rows (an UPDATE answers [rows, count]).
    const rows = await this.db.query<Array<{ key: string }>>(
      `INSERT INTO admin_alerts (key, kind, message) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE
         SET message = EXCLUDED.message, opened_at = now(), resolved_at = NULL,
             episodes = admin_alerts.episodes + 1
         WHERE admin_alerts.resolved_at IS NOT NULL
       RETURNING key`,
      [key, kind, message],
    );
    if (rows.length === 0) return false;
    this.logger.warn(`alert: ${message}`);
    await this.mail.send({
      to: this.config.alerts.email,
      subject: `Z Store alert: ${message.split('. ')[0]}`,
      text: `${message}\n\nOpen alerts are listed on the console's overview.`,
    });
    await this.post(kind, message);
    return true;
  }

  /**
   * Tells the admin of an event that has no episode to hold open (orders that missed their
   * delivery promise, orders refunded at the guarantee's deadline): one mail and post per call,
   * so callers batch what they tell.
   */
  async tell(kind: string, subject: string, message: string) {
    this.logger.warn(`notice: ${subject}`);
    await this.mail.send({
      to: this.config.alerts.email,
      subject: `Z Store: ${subject}`,
      text: message,
    });
    await this.post(kind, `${subject}. ${message}`);
  }

  /**
   * Opens the alert `key` as `kind`, or, when it is already open (as a milder kind of the same
   * cause), turns it into `kind` with the new message without telling the admin again: one
   * cause, one episode, one alert.
   */
  async escalate(key: string, kind: string, message: string): Promise<boolean> {
    // Another process may open the milder alert between the two steps, or end it: each step is
    // tried again until one of them holds the episode.
    for (let attempt = 1; ; attempt++) {
      const [rows] = await this.db.query<[Array<{ key: string }>, number]>(
        `UPDATE admin_alerts SET kind = $2, message = $3
         WHERE key = $1 AND resolved_at IS NULL RETURNING key`,
        [key, kind, message],
      );
      if (rows.length > 0) return false;
      if (await this.open(key, kind, message)) return true;
      if (attempt === ESCALATE_ATTEMPTS) return false;
    }
  }

  /** Ends the alert's episode, if one is open (and, given `kind`, only if it is of that kind). */
  async resolve(key: string, kind?: string) {
    const [rows] = await this.db.query<[Array<{ key: string }>, number]>(
      `UPDATE admin_alerts SET resolved_at = now()
       WHERE key = $1 AND resolved_at IS NULL AND ($2::text IS NULL OR kind = $2) RETURNING key`,
      [key, kind ?? null],
    );
    if (rows.length > 0) this.logger.log(`alert resolved: ${key}`);
  }

  async openAlerts(): Promise<AdminAlert[]> {
    return this.db.getRepository(AdminAlertEntity).find({
      select: { key: true, kind: true, message: true, openedAt: true },
      where: { resolvedAt: IsNull() },
      order: { openedAt: 'ASC' },
    });
  }

  private async post(kind: string, message: string) {
    const url = this.config.alerts.webhookUrl;
    if (!url) return;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: `Z Store: ${message}`, kind }),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      this.logger.warn(`alert webhook failed: ${(error as Error).message}`);
    }
  }
}
