import request from 'supertest';
import { StoreProcesses, waitFor, type StoreProcess } from '../utils/process.js';

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
  let store: StoreProcesses;

  beforeAll(async () => {
    store = await StoreProcesses.start({ LOG_LEVEL: 'info' });
  });
  afterAll(() => store.close());

  it('a UPI order from payment to completion, by its id in the JSON lines of API and worker', async () => {
    const { api, url } = await store.startApi();
    const worker = await store.startWorker('worker', { SANDBOX_URL: `${url}/sandbox` });

    const clients = store.clients();
    const customer = await clients.signIn(url, 'user@example.com', 'User@12345');
    const { token } = customer;
    const item = await clients.catalogItem('Mobile Legends (Brazil server)', '86 Diamonds');
    const created = await clients.upiOrder(
      url,
      customer,
      item,
      { input1: '51234567', input2: '1234' },
      { 'X-Request-Id': 'test-request-create-1' },
    );
    expect(created.response.headers.get('x-request-id')).toBe('test-request-create-1');
    const { orderid } = created;
    await request(url).post(`/sandbox/upigateway/orders/${orderid}/pay`).expect(200);

    await waitFor(
      async () => (await clients.orderStatus(orderid)) === 'Completed',
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
