import { RetentionService } from '../../server/src/modules/operations/retention.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';

/** Issue 11: operational records are kept for a set time, then purged; pending work never is. */
describe('retention', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('purges old sent mails, old sandbox messages and long-resolved alerts, and keeps the rest', async () => {
    await app.sql(
      `INSERT INTO outgoing_mail (recipient, subject, text_body, status, created_at) VALUES
         ('old.sent@example.com', 's', 't', 'sent', now() - interval '40 days'),
         ('old.failed@example.com', 's', 't', 'failed', now() - interval '40 days'),
         ('old.pending@example.com', 's', 't', 'pending', now() - interval '40 days'),
         ('new.sent@example.com', 's', 't', 'sent', now() - interval '2 days')`,
    );
    await app.sql(
      `INSERT INTO sandbox_messages (channel, recipient, subject, text_body, created_at) VALUES
         ('email', 'old.outbox@example.com', 's', 't', now() - interval '8 days'),
         ('email', 'new.outbox@example.com', 's', 't', now() - interval '1 day')`,
    );
    await app.sql(
      `INSERT INTO admin_alerts (key, kind, message, opened_at, resolved_at) VALUES
         ('old-resolved', 'test', 'm', now() - interval '120 days', now() - interval '100 days'),
         ('new-resolved', 'test', 'm', now() - interval '20 days', now() - interval '10 days'),
         ('old-open', 'test', 'm', now() - interval '120 days', NULL)`,
    );

    const purged = await app.store.app.get(RetentionService).purge();
    expect(purged).toMatchObject({ mails: 2, messages: 1, alerts: 1 });

    const mails = await app.sql<{ recipient: string }>(
      `SELECT recipient FROM outgoing_mail WHERE recipient LIKE '%.%@example.com' ORDER BY recipient`,
    );
    expect(mails.map((m) => m.recipient)).toEqual([
      'new.sent@example.com',
      'old.pending@example.com',
    ]);
    const outbox = await app.sql<{ recipient: string }>(
      `SELECT recipient FROM sandbox_messages WHERE recipient LIKE '%.outbox@example.com'`,
    );
    expect(outbox.map((m) => m.recipient)).toEqual(['new.outbox@example.com']);
    const alerts = await app.sql<{ key: string }>('SELECT key FROM admin_alerts ORDER BY key');
    expect(alerts.map((a) => a.key)).toEqual(['new-resolved', 'old-open']);
  });
});
