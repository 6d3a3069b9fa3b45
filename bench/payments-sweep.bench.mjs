/**
 * The payments sweep's reads on a large `payments` table (not part of `npm test`): run
 * `npm run build -w server` first, then `node bench/payments-sweep.bench.mjs [rows]`.
 *
 * Migrates a scratch database, fills `payments` with `rows` payments (1,000,000 by default) as a
 * store a year or two old has them (almost all settled; a few hundred open, a few thousand failed
 * of which some are due a late check), ANALYZEs, then times the sweep's three statements (the
 * SQL of `PaymentsRepository.awaiting` and `lateChecksDue`) and prints their plans: each must
 * read its partial index, so its cost follows the open and due payments, not the history.
 */
import { createScratch, withClient } from './lib.mjs';

const ROWS = Number(process.argv[2] ?? 1_000_000);
const RUNS = 30;

/** The sweep's statements, as `server/src/modules/payments/payments.repository.ts` writes them. */
const STATEMENTS = {
  'awaiting: expired open payments': `SELECT client_txn_id, purpose, verify_generation, expires_at FROM payments
    WHERE status IN ('created', 'pending') AND expires_at <= $1 ORDER BY expires_at LIMIT 1000`,
  'awaiting: newest open payments': `SELECT client_txn_id, purpose, verify_generation, expires_at FROM payments
    WHERE status IN ('created', 'pending') AND (expires_at IS NULL OR expires_at > $1)
      AND created_at < $1::timestamptz - make_interval(secs => 5) ORDER BY created_at DESC LIMIT 1000`,
  'late checks due': `SELECT client_txn_id, purpose, verify_generation, expires_at FROM payments
    WHERE status IN ('failed', 'expired') AND next_check_at IS NOT NULL AND next_check_at <= $1
    ORDER BY next_check_at LIMIT 200`,
};

async function fill(client) {
  // Settled history spread over two years; then the open and failed payments of the last day.
  await client.query(
    `INSERT INTO payments (client_txn_id, purpose, status, amount, gateway_order_id, txn_date, expires_at,
                           created_at, updated_at)
     SELECT 'ZS' || lpad(n::text, 14, '0'), CASE WHEN n % 5 = 0 THEN 'topup' ELSE 'order' END::payment_purpose,
            CASE WHEN n % 500 = 0 THEN 'late_succeeded' WHEN n % 40 = 0 THEN 'failed' ELSE 'succeeded' END::payment_status,
            10000, 'G' || n, '01-01-2026', at + interval '15 minutes', at, at
     FROM generate_series(1, $1::int) AS n, LATERAL (SELECT now() - (n * interval '60 seconds') AS at) t`,
    [ROWS],
  );
  await client.query(
    `INSERT INTO payments (client_txn_id, purpose, status, amount, gateway_order_id, txn_date, expires_at,
                           next_check_at, late_check_until, created_at)
     SELECT 'ZF' || lpad(n::text, 14, '0'), 'order', CASE WHEN n % 2 = 0 THEN 'failed' ELSE 'expired' END::payment_status,
            10000, 'GF' || n, '01-01-2026', now() - interval '10 minutes',
            now() + ((n % 600) - 300) * interval '1 minute', now() + interval '20 hours', now() - interval '4 hours'
     FROM generate_series(1, 3000) AS n`,
  );
  await client.query(
    `INSERT INTO payments (client_txn_id, purpose, status, amount, gateway_order_id, txn_date, expires_at, created_at)
     SELECT 'ZP' || lpad(n::text, 14, '0'), 'order', 'pending', 10000, 'GP' || n, '01-01-2026',
            now() + ((n % 30) - 5) * interval '1 minute', now() - ((n % 30) * interval '1 minute')
     FROM generate_series(1, 500) AS n`,
  );
  await client.query('ANALYZE payments');
}

async function main() {
  const scratch = await createScratch();
  try {
    const { migrate } = await import('../server/dist/database/data-source.js');
    await migrate(scratch.url);
    await withClient(scratch.url, async (client) => {
      const started = Date.now();
      await fill(client);
      const [{ count }] = (await client.query('SELECT count(*)::int AS count FROM payments')).rows;
      console.log(
        `payments: ${count} rows (filled in ${((Date.now() - started) / 1000).toFixed(0)} s)\n`,
      );
      for (const [name, sql] of Object.entries(STATEMENTS)) {
        const params = [new Date()];
        const times = [];
        let rows = 0;
        for (let run = 0; run < RUNS; run++) {
          const at = process.hrtime.bigint();
          rows = (await client.query(sql, params)).rowCount;
          times.push(Number(process.hrtime.bigint() - at) / 1e6);
        }
        times.sort((a, b) => a - b);
        const plan = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows
          .map((row) => `    ${row['QUERY PLAN']}`)
          .join('\n');
        console.log(
          `${name}: ${rows} rows, median ${times[RUNS >> 1].toFixed(2)} ms, max ${times.at(-1).toFixed(2)} ms\n${plan}\n`,
        );
      }
    });
  } finally {
    await scratch.drop();
  }
}

await main();
