import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../server/src/database/embedded.js';

/**
 * A relay that hands the server each protocol message of a client in its own TCP segment, a
 * moment apart, as a loaded network or a busy event loop does: a Parse and its Bind arrive in
 * different reads.
 */
async function segmentingRelay(upstreamUrl: string) {
  const { hostname, port } = new URL(upstreamUrl);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect({ host: hostname, port: Number(port) });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    upstream.pipe(client);
    let pending = Buffer.alloc(0);
    let sending = Promise.resolve();
    client.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      const messages: Buffer[] = [];
      for (;;) {
        // The startup message has no type byte; every later one has a type byte and a length.
        const startup = pending.length >= 8 && pending.readInt32BE(4) === 196608;
        const length = startup
          ? pending.length >= 4 && pending.readInt32BE(0)
          : pending.length >= 5 && 1 + pending.readInt32BE(1);
        if (!length || pending.length < length) break;
        messages.push(pending.subarray(0, length));
        pending = pending.subarray(length);
      }
      sending = sending.then(async () => {
        for (const message of messages) {
          upstream.write(message);
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
      });
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(upstreamUrl);
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The embedded PostgreSQL is one PGlite session shared by the pool's connections: queries with
 * parameters (Parse, Bind, Execute, Sync) and transactions from many connections at once each
 * get their own answers, as on a real server.
 */
describe('the embedded database under concurrent connections', () => {
  let dataDir: string;
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
  let relay: Awaited<ReturnType<typeof segmentingRelay>>;
  let pool: pg.Pool;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zs-embedded-'));
    embedded = await startEmbeddedPostgres(dataDir);
    relay = await segmentingRelay(embedded.url);
    pool = new pg.Pool({ connectionString: relay.url, max: 10 });
    // Every connection open first, so the queries below reach the server together.
    const clients = await Promise.all(Array.from({ length: 10 }, () => pool.connect()));
    clients.forEach((client) => client.release());
    await pool.query('CREATE TABLE tally (id int PRIMARY KEY, n int NOT NULL)');
    await pool.query('INSERT INTO tally SELECT g, 0 FROM generate_series(1, 10) g');
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await relay?.close();
    await embedded?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers parameterised queries from ten connections at once, each its own', async () => {
    const answers = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        i % 2
          ? pool.query<{ a: number; b: string }>('SELECT $1::int AS a, $2::text AS b', [i, `q${i}`])
          : pool.query<{ a: number }>('SELECT $1::int AS a', [i]),
      ),
    );
    const problems = answers.flatMap((answer, i) => {
      if (answer.status === 'rejected') return [`query ${i}: ${String(answer.reason)}`];
      const row = answer.value.rows[0];
      const expected = i % 2 ? { a: i, b: `q${i}` } : { a: i };
      return JSON.stringify(row) === JSON.stringify(expected)
        ? []
        : [`query ${i}: ${JSON.stringify(row)}`];
    });
    expect(problems).toEqual([]);
  });

  it('keeps concurrent transactions whole', async () => {
    const increment = async (id: number) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const [{ n }] = (
          await client.query<{ n: number }>('SELECT n FROM tally WHERE id = $1', [id])
        ).rows;
        await client.query('UPDATE tally SET n = $2 WHERE id = $1', [id, n + 1]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    };
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => increment((i % 10) + 1)),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const { rows } = await pool.query<{ n: number }>('SELECT n FROM tally ORDER BY id');
    expect(rows.map((row) => row.n)).toEqual(Array.from({ length: 10 }, () => 10));
  });

  it('rolls back and gives way when a connection leaves inside a transaction', async () => {
    const leaving = new pg.Client({ connectionString: relay.url });
    await leaving.connect();
    leaving.on('error', () => undefined);
    await leaving.query('BEGIN');
    await leaving.query('UPDATE tally SET n = $2 WHERE id = $1', [1, -1]);
    const waitingQuery = pool.query<{ n: number }>('SELECT n FROM tally WHERE id = $1', [1]);
    (leaving as unknown as { connection: { stream: net.Socket } }).connection.stream.destroy();
    expect((await waitingQuery).rows).toEqual([{ n: 10 }]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => pool.query<{ a: number }>('SELECT $1::int AS a', [i])),
    );
    expect(answers.map((answer) => answer.rows[0].a)).toEqual(
      Array.from({ length: 20 }, (_, i) => i),
    );
  });
});
