import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface OutboxMessage {
  channel: 'sms' | 'email';
  to: string;
  subject: string | null;
  text: string;
  createdAt: string;
}

/** What the SMS and e-mail simulators delivered, kept in PostgreSQL so every instance sees it. */
@Injectable()
export class OutboxRepository {
  constructor(private readonly db: DataSource) {}

  async add(channel: 'sms' | 'email', to: string, subject: string | null, text: string) {
    await this.db.query(
      'INSERT INTO sandbox_messages (channel, recipient, subject, text_body) VALUES ($1, lower($2), $3, $4)',
      [channel, to, subject, text],
    );
  }

  async listFor(to: string, limit = 50): Promise<OutboxMessage[]> {
    const rows: Array<{ channel: 'sms' | 'email'; recipient: string; subject: string | null; text_body: string; created_at: Date }> =
      await this.db.query(
        `SELECT channel, recipient, subject, text_body, created_at FROM sandbox_messages
         WHERE recipient = lower($1) ORDER BY id DESC LIMIT $2`,
        [to.trim(), limit],
      );
    return rows.map((row) => ({
      channel: row.channel,
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      createdAt: new Date(row.created_at).toISOString(),
    }));
  }

  async lastSmsAt(to: string): Promise<Date | undefined> {
    const rows: Array<{ created_at: Date }> = await this.db.query(
      `SELECT created_at FROM sandbox_messages WHERE channel = 'sms' AND recipient = $1 ORDER BY id DESC LIMIT 1`,
      [to],
    );
    return rows[0] ? new Date(rows[0].created_at) : undefined;
  }
}
