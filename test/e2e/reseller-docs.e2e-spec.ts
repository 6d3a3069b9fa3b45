import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { startTestApp, type TestApp } from '../utils/app.js';
import { freePort } from '../utils/process.js';
import { readUntil, waitFor } from '../utils/wait.js';
import { startReceiver } from './callback-receiver.js';
import {
  credit,
  expectLedgerConsistent,
  sessionOf,
  testItem,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';
import { adminCreatesKey, clientFor, newReseller, type ResellerKey } from './reseller.helpers.js';

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string }[];
}

/**
 * Runs a command without blocking this process, which serves the store the command calls.
 * Answers its output, or throws with its error output.
 */
function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    execFile(command, args, { env, encoding: 'utf8', timeout: 30_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve({ stdout, stderr }),
    );
  });
}

/** The fenced code blocks of `language` in the page's Markdown, as a reader copies them. */
function codeBlocks(language: string) {
  const markdown = fs.readFileSync('docs/reseller-api.md', 'utf8');
  const fence = new RegExp('^```' + language + '\\n([\\s\\S]*?)^```', 'gm');
  return [...markdown.matchAll(fence)].map((match) => match[1]);
}

describe('the reseller API documentation', () => {
  let app: TestApp;
  let dir: string;
  let reseller: Shopper;
  let key: ResellerKey;
  let pack: CatalogEntry;

  beforeAll(async () => {
    app = await startTestApp({ DELIVERY_ENABLED: 'false' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zstore-reseller-docs-'));
    pack = await testItem(app, 9_900);
    reseller = await newReseller(app, 25_000);
    key = await adminCreatesKey(app, reseller);
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await app.close();
  });

  const env = () => ({
    ...process.env,
    ZSTORE_URL: app.url,
    KEY_ID: key.keyId,
    SECRET: key.secret,
    ITEM_ID: pack.itemId,
  });

  it('serves /api/reseller/v1/openapi.json, which lints clean with the store rules', async () => {
    const answer = await app.http().get('/api/reseller/v1/openapi.json').expect(200);
    const document = answer.body as {
      paths: Record<string, Record<string, { security?: unknown }>>;
      components: { securitySchemes: Record<string, { name: string }> };
    };
    expect(Object.keys(document.paths).every((p) => p.startsWith('/api/reseller/v1/'))).toBe(true);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/reseller/v1/balance',
        '/api/reseller/v1/orders',
        '/api/reseller/v1/orders/{reference}',
        '/api/reseller/v1/statement',
        '/api/reseller/v1/orders/bulk',
        '/api/reseller/v1/batches/{batch_id}',
      ]),
    );
    expect(Object.values(document.components.securitySchemes).map((scheme) => scheme.name)).toEqual(
      ['X-Key-Id', 'X-Timestamp', 'X-Signature'],
    );
    const file = path.join(dir, 'reseller-openapi.json');
    fs.writeFileSync(file, JSON.stringify(document));
    const result = spawnSync(
      process.execPath,
      [
        path.resolve('node_modules/@redocly/cli/bin/cli.js'),
        'lint',
        file,
        '--config',
        path.resolve('redocly.yaml'),
        '--format',
        'json',
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    const report = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as LintReport;
    expect(report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message}`)).toEqual([]);
  });

  it('serves the page for people at /docs/reseller-api', async () => {
    const page = await app.http().get('/docs/reseller-api').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('openssl dgst -sha256 -hmac');
  });

  it('runs the curl and openssl examples of the page as written', async () => {
    const [balance, order] = codeBlocks('sh');
    const balanceRun = await run('bash', ['-euo', 'pipefail', '-c', balance], env());
    expect(balanceRun.stderr).toBe('');
    expect(JSON.parse(balanceRun.stdout)).toEqual({
      balance_paise: 25_000,
      currency: 'INR',
      mode: 'live',
    });
    const orderRuns = [
      await run('bash', ['-euo', 'pipefail', '-c', order], env()),
      await run('bash', ['-euo', 'pipefail', '-c', order], env()),
    ];
    const [placed, resent] = orderRuns.map(
      (run) => JSON.parse(run.stdout) as { order: { orderid: string; reference: string } },
    );
    expect(placed.order.reference).toBe('shop-order-1001');
    expect(resent.order.orderid).toBe(placed.order.orderid);
  });

  it('runs the Node example of the page as written', async () => {
    const [example] = codeBlocks('js');
    const file = path.join(dir, 'example.mjs');
    fs.writeFileSync(file, example);
    const nodeRun = await run(process.execPath, [file], env());
    expect(nodeRun.stderr).toBe('');
    expect(JSON.parse(nodeRun.stdout)).toEqual({
      status: 200,
      body: { balance_paise: 25_000 - 9_900, currency: 'INR', mode: 'live' },
    });
  });

  it('runs the bulk order example of the page as written, twice, placing its rows once', async () => {
    const bulk = codeBlocks('sh')[2];
    await credit(app, reseller, 2 * 9_900);
    const sent = [
      await run('bash', ['-euo', 'pipefail', '-c', bulk], env()),
      await run('bash', ['-euo', 'pipefail', '-c', bulk], env()),
    ].map((run) => JSON.parse(run.stdout) as { batch_id: string; accepted: number });
    expect(sent[0]).toMatchObject({ rows: 2, accepted: 2, rejected: [] });
    expect(sent[1].batch_id).toBe(sent[0].batch_id);
    const batch = await readUntil(
      async () =>
        (await clientFor(app, key).get(`/api/reseller/v1/batches/${sent[0].batch_id}`)).body as {
          status: string;
          counts: Record<string, number>;
        },
      (body) => body.status !== 'placing',
      30_000,
    );
    expect(batch.counts).toEqual({ Processing: 2 });
  });

  const completeByHand = async (orderid: string) => {
    const admin = await sessionOf(app, 'admin@example.com');
    const [row] = await app.sql<{ id: string }>('SELECT id FROM orders WHERE orderid = $1', [
      orderid,
    ]);
    await app.http().get(`/api/admin/updateorder/${row.id}/Completed`).set(admin.auth).expect(200);
  };
  const placeOrder = async (reference: string, callbackUrl: string) => {
    const answer = await clientFor(app, key).post('/api/reseller/v1/orders', {
      reference,
      item_id: pack.itemId,
      input1: '10000001',
      input2: '1001',
      callback_url: callbackUrl,
    });
    expect(answer.status).toBe(201);
    return answer.body.order as { orderid: string };
  };

  it('checks a saved callback with the openssl example as written', async () => {
    const [, , , check] = codeBlocks('sh');
    const receiver = await startReceiver();
    try {
      await credit(app, reseller, 9_900);
      const order = await placeOrder('docs-callback-1', receiver.url('/saved'));
      await completeByHand(order.orderid);
      const [saved] = await waitFor(
        () => receiver.at('/saved').length > 0 && receiver.at('/saved'),
      );
      const work = fs.mkdtempSync(path.join(dir, 'check-'));
      fs.writeFileSync(path.join(work, 'event.json'), saved.body);
      const signature = String(saved.headers['x-signature']);
      const script = `cd ${JSON.stringify(work)}\n${check}`;
      const good = await run('bash', ['-euo', 'pipefail', '-c', script], {
        ...env(),
        SIGNATURE: signature,
      });
      expect(good.stdout.trim()).toBe('valid');
      fs.writeFileSync(path.join(work, 'event.json'), saved.body.replace('Completed', 'Refunded'));
      await expect(
        run('bash', ['-euo', 'pipefail', '-c', script], { ...env(), SIGNATURE: signature }),
      ).rejects.toThrow(/forged/);
    } finally {
      await receiver.close();
    }
  });

  it('runs the Node callback receiver of the page as written', async () => {
    const [, receiverExample] = codeBlocks('js');
    const file = path.join(dir, 'receiver.mjs');
    fs.writeFileSync(file, receiverExample);
    const port = await freePort();
    const child = spawn(process.execPath, [file], {
      env: { ...env(), PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      await waitFor(async () => {
        const probe = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST' }).catch(
          () => undefined,
        );
        return probe?.status === 401;
      });
      const forged = await fetch(`http://127.0.0.1:${port}/`, {
        method: 'POST',
        headers: { 'x-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
        body: '{"id":"evt_forged","type":"order.completed","order":{}}',
      });
      expect(forged.status).toBe(401);

      await credit(app, reseller, 9_900);
      const order = await placeOrder('docs-callback-2', `http://127.0.0.1:${port}/zstore`);
      await completeByHand(order.orderid);
      await waitFor(() => stdout.includes('docs-callback-2'), 15_000, 'the receiver to print');
      expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({
        type: 'order.completed',
        reference: 'docs-callback-2',
        status: 'Completed',
      });
      expect(stderr).toBe('');
      await expectLedgerConsistent(app);
    } finally {
      child.kill();
    }
  });
});
