import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';

export type OutboxChannel = 'sms' | 'email' | 'whatsapp' | 'callback';

export interface OutboxMessage {
  channel: OutboxChannel;
  to: string;
  subject: string | null;
  text: string;
  /** A WhatsApp template's language code; null for other channels. */
  language: string | null;
  createdAt: string;
}

/**
 * What the SMS, e-mail and WhatsApp simulators delivered (WhatsApp's `91...` numbers are
 * found by the 10-digit mobile too), kept in PostgreSQL so every instance sees it.
 * Times come from the store's clock, so a test that moves it moves the simulators too.
 */
@Injectable()
export class OutboxRepository {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  async add(
    channel: OutboxChannel,
    to: string,
    subject: string | null,
    text: string,
    language: string | null = null,
  ) {
    await this.db.query(
      `INSERT INTO sandbox_messages (channel, recipient, subject, text_body, language, created_at)
       VALUES ($1, lower($2), $3, $4, $5, $6)`,
      [channel, to, subject, text, language, this.clock.now()],
    );
  }

  async listFor(to: string, limit = 50): Promise<OutboxMessage[]> {
    const rows: Array<{
      channel: OutboxChannel;
      recipient: string;
      subject: string | null;
      text_body: string;
      language: string | null;
      created_at: Date;
    }> = await this.db.query(
      `SELECT channel, recipient, subject, text_body, language, created_at FROM sandbox_messages
         WHERE recipient IN (lower($1), '91' || $1) ORDER BY id DESC LIMIT $2`,
      [to.trim(), limit],
    );
    return rows.map((row) => ({
      channel: row.channel,
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      language: row.language,
      createdAt: new Date(row.created_at).toISOString(),
    }));
  }

  async lastSmsAt(to: string, text: string): Promise<Date | undefined> {
    const rows: Array<{ created_at: Date }> = await this.db.query(
      `SELECT created_at FROM sandbox_messages
       WHERE channel = 'sms' AND recipient = $1 AND text_body = $2 ORDER BY id DESC LIMIT 1`,
      [to, text],
    );
    return rows[0] ? new Date(rows[0].created_at) : undefined;
  }
}
