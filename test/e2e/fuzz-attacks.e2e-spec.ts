import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startTestApp, type TestApp } from '../utils/app.js';
import { inParallel, send, type FuzzAnswer, type FuzzCase } from './helpers/fuzz.js';
import { attackCasesFor, concretePath, routesOf, type Route } from './helpers/fuzz-attacks.js';
import { expectLedgerConsistent, sessionOf, type Shopper } from './money.helpers.js';

/** "A few seconds": an answer slower than this is a failure, like a 5xx. */
const SLOW_MS = 5000;
const IN_FLIGHT = 6;
/**
 * The many-keys body: the size an attacker sends (50,000 keys, about 600 kB, under the 1 MB
 * body limit). `FUZZ_MANY_KEYS` makes it smaller for a quick local run.
 */
const MANY_KEYS = Number(process.env.FUZZ_MANY_KEYS ?? 50_000);
const ARRAY_LENGTH = 100_000;
const NONEXISTENT_ID = '00000000-0000-4000-8000-000000000000';

/** Paths no route table lists: the console's and storefront's pages, files, unknown paths. */
const PAGES: Route[] = [
  '/',
  '/home',
  '/product/x',
  '/login',
  '/admin/',
  '/admin/login',
  '/uploads/gallery/none.png',
  '/uploads/%2e%2e/%2e%2e/etc/passwd',
  '/api/nonexistent',
  '/sandbox/nonexistent',
].map((path) => ({ method: 'GET', path }));

type Role = 'anonymous' | 'admin';

/**
 * Beyond the API document (fuzz.e2e-spec.ts sends malformed input to its operations): every
 * route of the server's own table, the sandbox, metrics, robots.txt, sitemap.xml, uploads and
 * pages, with undocumented parameters, many keys, large arrays, broken multipart, other content
 * types, cookies, Authorization and Host variants and URLs over 16 kB, the real rate limits on.
 */
describe('fuzz: what attackers send, to every route the server has (no 5xx, no hang)', () => {
  let app: TestApp;
  let routes: Route[];
  let admin: Shopper;

  beforeAll(async () => {
    app = await startTestApp({}, { serveBuilds: true });
    const fastify = (app.store.app as NestFastifyApplication).getHttpAdapter().getInstance();
    routes = [...routesOf(fastify.printRoutes({ commonPrefix: false })), ...PAGES];
    admin = await sessionOf(app, 'admin@example.com');
  }, 60_000);
  afterAll(() => app.close());

  const fill = (caller?: Shopper) => (name: string) =>
    ({
      userid: String(caller?.userid ?? 1),
      itemid: '1',
      productid: '1',
      orderId: '700001',
      clientTxnId: 'fuzz-txn',
      action: 'pay',
      region: 'br',
      newStatus: 'Completed',
      name: 'getrole',
      group: 'order',
    })[name] ?? NONEXISTENT_ID;

  const problemsOf = (role: Role, fuzz: FuzzCase, answer: FuzzAnswer) => {
    const problems: string[] = [];
    if (answer.status === 0) problems.push(`no answer (${answer.body})`);
    if (answer.status >= 500) problems.push(`${answer.status} ${answer.body.slice(0, 200)}`);
    if (answer.ms > SLOW_MS) problems.push(`took ${answer.ms} ms`);
    // The API answers every refusal in its shape; so does the server for a request it could
    // not read. The simulators answer in their providers' formats, and the Swagger UI's files
    // (`/api/docs/...`, off in production) in Fastify's.
    const api = fuzz.path.startsWith('/api/') && !fuzz.path.startsWith('/api/docs');
    const storeShape = answer.status === 431 || answer.status === 429 || api;
    if (answer.status >= 400 && answer.status < 500 && storeShape) {
      let body: { message?: unknown; code?: unknown } = {};
      try {
        body = JSON.parse(answer.body) as typeof body;
      } catch {
        // not JSON: reported below
      }
      if (typeof body.message !== 'string' || typeof body.code !== 'string') {
        problems.push(`${answer.status} without {message, code}: ${answer.body.slice(0, 200)}`);
      }
      if (answer.status === 429 && body.code !== 'RATE_LIMITED') {
        problems.push('429 not RATE_LIMITED');
      }
    }
    return problems.map((problem) => `[${role}] ${fuzz.label}: ${problem}`);
  };

  const fuzzAs = async (role: Role) => {
    const caller = role === 'admin' ? admin : undefined;
    const token = caller?.auth.Authorization.replace(/^Bearer /, '') ?? '';
    const statuses = new Map<number, number>();
    const tasks = routes.flatMap((route) =>
      attackCasesFor(
        route,
        concretePath(route, fill(caller)),
        { manyKeys: MANY_KEYS, arrayLength: ARRAY_LENGTH },
        token,
      ).map((makeCase) => async () => {
        const fuzz = makeCase();
        fuzz.headers = { ...(caller ? caller.auth : {}), ...fuzz.headers };
        const answer = await send(app.url, fuzz, SLOW_MS * 3);
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        return problemsOf(role, fuzz, answer);
      }),
    );
    const problems = (await inParallel(tasks, IN_FLIGHT)).flat();
    return { sent: tasks.length, statuses, problems };
  };

  it('reads the server route table: the sandbox, metrics and site files are there to fuzz', () => {
    const listed = routes.map((route) => `${route.method} ${route.path}`);
    expect(listed.length).toBeGreaterThan(120);
    for (const route of [
      'GET /api/metrics',
      'GET /robots.txt',
      'GET /sitemap.xml',
      'GET /api/sandbox/outbox',
      'POST /sandbox/google/o/oauth2/v2/auth/approve',
      'POST /sandbox/upigateway/api/create_order',
      'POST /api/payments/upigateway/webhook',
      'GET /api/auth/google/callback',
      'POST /api/admin/uploadimage',
    ]) {
      expect(listed).toContain(route);
    }
  });

  it('counts refused bodies against the rate limit they were sent to', async () => {
    const { limit } = app.config.rateLimits.login;
    const refused = [
      '{"email":',
      '{"email":"a\\u0000","password":"x"}',
      `{"email":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      `{${Array.from({ length: MANY_KEYS }, (_, i) => `"k${i}":0`).join(',')}}`,
    ];
    for (let i = 0; i < limit; i += 1) {
      await app
        .http()
        .post('/api/auth/login')
        .set('Content-Type', 'application/json')
        .send(refused[i % refused.length]);
    }
    const next = await app
      .http()
      .post('/api/auth/login')
      .send({ email: 'nobody@example.com', password: 'not the password 1' });
    expect(next.status).toBe(429);
    expect(next.body).toMatchObject({ code: 'RATE_LIMITED' });
  }, 120_000);

  for (const role of ['anonymous', 'admin'] as const) {
    it(`answers every attack as ${role} with a 4xx (or success) in time`, async () => {
      const { sent, statuses, problems } = await fuzzAs(role);
      expect(sent).toBeGreaterThan(3000);
      expect(problems).toEqual([]);
      // Refused bodies count against the limits, so the real limits answer some of it: the 429
      // path is part of what is checked.
      expect(statuses.get(429) ?? 0).toBeGreaterThan(0);
    }, 900_000);
  }

  it('leaves the ledger consistent and the admin session usable', async () => {
    await expectLedgerConsistent(app);
    await app.http().get('/api/admin/stats').set(admin.auth).expect(200);
  });
});
