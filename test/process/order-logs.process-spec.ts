import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { deleteRedisPrefix } from '../utils/app.js';
import { createTestDatabase, query } from '../utils/database.js';
import { REDIS_URL } from '../utils/env.js';
import { freePort, StoreProcess, waitFor } from '../utils/process.js';

type LogLine = Record<string, unknown> & { level: string; msg: string };

function parseLines(process: StoreProcess): LogLine[] {
  return process.output.map((line) => {
    try {
      return JSON.parse(line) as LogLine;
    } catch {
      throw new Error(`${process.name} wrote a line that is not JSON: ${line}`);
    }
  });
}

/**
 * The log of one order, followed by its id across an API process and a worker process: every
 * line is JSON, the order's lines carry `orderid` from the order's creation to its completion,
 * and no line holds the customer's e-mail, mobile number or token.
 */
describe('structured logs follow one order across processes', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let prefix: string;
  const processes: StoreProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    prefix = `zl${randomBytes(4).toString('hex')}`;
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await db.drop();
    await deleteRedisPrefix(prefix);
  });

  const sql = <T>(text: string, params: unknown[] = []) => query<T>(db.url, text, params);

  it('a UPI order from payment to completion, by its id in the JSON lines of API and worker', async () => {
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'info',
      DATA_DIR: `/tmp/${prefix}`,
      SWEEP_INTERVAL_MS: '60000',
    };
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const api = StoreProcess.start('api', { ...env, APP_ROLE: 'api', PORT: String(port) });
    processes.push(api);
    await api.waitForOutput(/listening on/);
    const worker = StoreProcess.start('worker', {
      ...env,
      APP_ROLE: 'worker',
      SANDBOX_URL: `${url}/sandbox`,
    });
    processes.push(worker);
    await worker.waitForOutput(/worker running/);

    const login = await request(url)
      .post('/api/auth/login')
      .send({ email: 'user@example.com', password: 'User@12345' })
      .expect(200);
    const token = login.body.token as string;
    const [user] = await sql<{ userid: string }>('SELECT userid FROM users WHERE email = $1', [
      'user@example.com',
    ]);
    const [entry] = await sql<{ product_id: string; item_id: string; itemid: string }>(
      `SELECT p.id AS product_id, i.id AS item_id, i.itemid FROM products p JOIN items i ON i.itemid = ANY(p.items)
       WHERE p.name = 'Mobile Legends (Brazil server)' AND i.name = '86 Diamonds'`,
    );
    const created = await request(url)
      .post('/api/order/createOrder')
      .set('Authorization', `Bearer ${token}`)
      .set('X-Request-Id', 'test-request-create-1')
      .send({
        itemid: Number(entry.itemid),
        item_id: entry.item_id,
        product_id: entry.product_id,
        userid: Number(user.userid),
        input1: '51234567',
        input2: '1234',
        paymentmode: 'upi',
      })
      .expect(200);
    expect(created.headers['x-request-id']).toBe('test-request-create-1');
    const orderid = created.body.data.orderid as string;
    await request(url).post(`/sandbox/upigateway/orders/${orderid}/pay`).expect(200);

    await waitFor(
      async () =>
        (
          await sql<{ status: string }>('SELECT status FROM orders WHERE orderid = $1', [orderid])
        )[0]?.status === 'Completed',
      30_000,
      'the order to complete',
    );
    await waitFor(
      () => parseLines(worker).some((l) => l.orderid === orderid && l.msg === 'order completed'),
      5_000,
      'the completion line',
    );

    const apiLines = parseLines(api);
    const workerLines = parseLines(worker);
    const ofOrder = (lines: LogLine[]) => lines.filter((line) => line.orderid === orderid);

    // The API: placed within the request (same request id), then paid.
    expect(ofOrder(apiLines)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          level: 'info',
          msg: 'order placed (Created, upi)',
          reqId: 'test-request-create-1',
          role: 'api',
        }),
      ]),
    );
    const paid = [...ofOrder(apiLines), ...ofOrder(workerLines)].find(
      (line) => line.msg === 'order paid by UPI',
    );
    expect(paid).toMatchObject({ level: 'info' });
    // The worker: the delivery job and the completion carry the order's id.
    expect(ofOrder(workerLines)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          level: 'info',
          msg: 'job OrderDeliver finished: success',
          job: 'OrderDeliver',
          role: 'worker',
        }),
        expect.objectContaining({ level: 'info', msg: 'order completed', job: 'OrderDeliver' }),
      ]),
    );
    // Every line the worker wrote while delivering this order carries its id.
    const deliveryJobLines = workerLines.filter(
      (line) => line.job === 'OrderDeliver' && String(line.jobId).includes(orderid),
    );
    expect(deliveryJobLines.length).toBeGreaterThanOrEqual(2);
    expect(deliveryJobLines.every((line) => line.orderid === orderid)).toBe(true);

    // No personal data or credentials anywhere.
    const everything = [...api.output, ...worker.output].join('\n');
    expect(everything).not.toContain('user@example.com');
    expect(everything).not.toContain('9000000001');
    expect(everything).not.toContain(token);
    expect(everything).not.toContain('User@12345');
    // Requests are logged once each, without their query strings.
    expect(apiLines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          msg: 'request completed',
          reqId: 'test-request-create-1',
          method: 'POST',
          url: '/api/order/createOrder',
          statusCode: 200,
        }),
      ]),
    );
  });
});
