import { JobName } from '../../server/src/jobs/job.enum.js';
import { RetentionService } from '../../server/src/modules/operations/retention.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { afterFirstSweeps } from '../utils/sweeps.js';

/** Issue 11: operational records are kept for a set time, then purged; pending work never is. */
describe('retention', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    // The scheduled purge runs once as the store starts: past that run, only the purges the
    // cases call find the rows they insert (the next one is a sweep interval away).
    await afterFirstSweeps(app, [JobName.RetentionPurge]);
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

  it('purges settled WhatsApp messages after 30 days; pending ones and recent ones stay', async () => {
    const [user] = await app.sql<{ id: string }>(
      `INSERT INTO users (name, email, mobilenumber) VALUES ('Wa', 'wa.retention@example.com', '7000000115')
       RETURNING id`,
    );
    await app.sql(
      `INSERT INTO whatsapp_messages (event_key, user_id, recipient, template, body_values, status, created_at)
       VALUES
         ('ret-old-delivered', $1, '917000000115', 'orderCompleted', '[]', 'delivered', now() - interval '31 days'),
         ('ret-old-failed', $1, '917000000115', 'orderCompleted', '[]', 'failed', now() - interval '31 days'),
         ('ret-old-pending', $1, '917000000115', 'orderCompleted', '[]', 'pending', now() - interval '31 days'),
         ('ret-new-read', $1, '917000000115', 'orderCompleted', '[]', 'read', now() - interval '29 days')`,
      [user.id],
    );

    const purged = await app.store.app.get(RetentionService).purge();
    expect(purged.whatsapp).toBe(2);
    const left = await app.sql<{ event_key: string }>(
      `SELECT event_key FROM whatsapp_messages WHERE event_key LIKE 'ret-%' ORDER BY event_key`,
    );
    expect(left.map((m) => m.event_key)).toEqual(['ret-new-read', 'ret-old-pending']);
  });

  it("purges reseller callbacks delivered or given up over 90 days ago, with their attempts, keeping each order's newest", async () => {
    const [reseller] = await app.sql<{ id: string }>(
      `INSERT INTO users (name, email, role) VALUES ('Cb', 'cb.retention@example.com', 'reseller')
       RETURNING id`,
    );
    const [key] = await app.sql<{ id: string }>(
      `INSERT INTO reseller_api_keys (key_id, user_id, label, mode, secret_sealed)
       VALUES ('zs_test_retention', $1, 'retention', 'test', 'sealed') RETURNING id`,
      [reseller.id],
    );
    const event = (id: string, orderid: string, sequence: number, state: string, days: number) =>
      app.sql(
        `INSERT INTO reseller_callback_events (event_id, user_id, api_key_id, orderid, reference,
           sequence, type, url, payload, state, next_attempt_at, give_up_at, created_at)
         VALUES ($1, $2, $3, $4, 'ref', $5, 'order.completed', 'https://example.com/cb', '{}', $6,
           now(), now(), now() - make_interval(days => $7))`,
        [id, reseller.id, key.id, orderid, sequence, state, days],
      );
    await event('evt_ret_a1', 'ZSRETA', 1, 'delivered', 100);
    await event('evt_ret_a2', 'ZSRETA', 2, 'given_up', 95);
    await event('evt_ret_a3', 'ZSRETA', 3, 'delivered', 95);
    await event('evt_ret_b1', 'ZSRETB', 1, 'pending', 100);
    await event('evt_ret_b2', 'ZSRETB', 2, 'delivered', 100);
    await event('evt_ret_c1', 'ZSRETC', 1, 'delivered', 80);
    await event('evt_ret_c2', 'ZSRETC', 2, 'delivered', 10);
    await app.sql(
      `INSERT INTO reseller_callback_attempts (event_id, attempted_at, status_code, latency_ms)
       SELECT id, created_at, 200, 5 FROM reseller_callback_events WHERE event_id LIKE 'evt_ret_%'`,
    );

    const purged = await app.store.app.get(RetentionService).purge();
    expect(purged.callbacks).toBe(2);
    const left = await app.sql<{ event_id: string }>(
      `SELECT event_id FROM reseller_callback_events WHERE event_id LIKE 'evt_ret_%' ORDER BY event_id`,
    );
    // A3 is its order's newest (the next event's sequence counts on from it); B1 still waits.
    expect(left.map((e) => e.event_id)).toEqual([
      'evt_ret_a3',
      'evt_ret_b1',
      'evt_ret_b2',
      'evt_ret_c1',
      'evt_ret_c2',
    ]);
    const [{ attempts }] = await app.sql<{ attempts: number }>(
      `SELECT count(*)::int AS attempts FROM reseller_callback_attempts a
       JOIN reseller_callback_events e ON e.id = a.event_id WHERE e.event_id LIKE 'evt_ret_%'`,
    );
    expect(attempts).toBe(5);
  });
});
