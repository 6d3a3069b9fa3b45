import fs from 'node:fs';
import { startTestApp, type TestApp } from '../utils/app.js';
import {
  casesFor,
  inParallel,
  operationsOf,
  send,
  type Fixtures,
  type FuzzAnswer,
  type FuzzCase,
  type Operation,
} from './helpers/fuzz.js';
import { expectLedgerConsistent, newShopper, sessionOf, type Shopper } from './money.helpers.js';

/** "A few seconds": an answer slower than this is a failure, like a 5xx. */
const SLOW_MS = 5000;
const IN_FLIGHT = 6;
const NONEXISTENT_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Every `RATE_LIMIT_*` that `.env.example` documents, raised far above what the fuzz sends, so
 * no limit answers 429 in place of the route (a limit added later is raised the same way).
 */
function raisedRateLimits() {
  const names = fs
    .readFileSync('.env.example', 'utf8')
    .split('\n')
    .map((line) => /^(RATE_LIMIT_\w+)=/.exec(line)?.[1])
    .filter((name): name is string => Boolean(name));
  return Object.fromEntries(names.map((name) => [name, '1000000/60']));
}

type Role = 'anonymous' | 'user' | 'admin';

describe('fuzz: every operation of /api/docs-json with malformed input (no 5xx, no hang)', () => {
  let app: TestApp;
  let operations: Operation[];
  let user: Shopper;
  let admin: Shopper;
  let catalogue: { productId: string; itemId: string; itemid: number };
  let sequence = 0;

  beforeAll(async () => {
    app = await startTestApp(raisedRateLimits());
    const document = await app.http().get('/api/docs-json').expect(200);
    operations = operationsOf(document.body);
    // Enough Z-Coins that wallet orders a case happens to place never run the wallet dry.
    user = await newShopper(app, { balance: 10_000_000 });
    admin = await sessionOf(app, 'admin@example.com');
    // The cheapest in-stock item delivered by hand, so a placed order starts no supplier call.
    const [row] = await app.sql<{ product_id: string; item_id: string; itemid: string }>(
      `SELECT p.id AS product_id, i.id AS item_id, i.itemid
       FROM products p JOIN items i ON i.itemid = ANY(p.items)
       WHERE p.instock AND i.instock AND NOT i.is_api ORDER BY i.discountedprice LIMIT 1`,
    );
    catalogue = { productId: row.product_id, itemId: row.item_id, itemid: Number(row.itemid) };
  }, 60_000);
  afterAll(() => app.close());

  const fixtures = (role: Role): Fixtures => {
    const caller = role === 'admin' ? admin : user;
    const unique = () => `${(sequence += 1)}`;
    return {
      idempotencyKey: () => `fuzz-${role}-${unique()}`,
      byName(name, schema, where) {
        if (where !== 'body') {
          if (name === 'userid') return caller.userid;
          if (name === 'page' || name === 'limit') return '1';
          return undefined;
        }
        const text = schema.type === 'string';
        switch (name) {
          case 'userid':
          case 'userId':
            return text ? '10000001' : caller.userid;
          case 'zoneid':
          case 'input2':
            return '1001';
          case 'input1':
            return '10000001';
          case 'itemid':
            return catalogue.itemid;
          case 'item_id':
          case 'selectedItem':
            return catalogue.itemId;
          case 'product_id':
          case 'productId':
          case 'selectedProduct':
            return catalogue.productId;
          case '_id':
            return NONEXISTENT_ID;
          case 'email':
            return `fuzz.${unique()}@example.com`;
          case 'mobileNumber':
            return `7${unique().padStart(9, '0')}`;
          case 'password':
            return 'quiet fuzzing river 2026';
          case 'couponCode':
            return `FUZZ${unique()}`;
          case 'imgpath':
            return '/uploads/demo/fuzz.png';
          default:
            return undefined;
        }
      },
    };
  };

  const problemsOf = (role: Role, operation: Operation, fuzz: FuzzCase, answer: FuzzAnswer) => {
    const problems: string[] = [];
    if (answer.status === 0) problems.push(`no answer (${answer.body})`);
    if (answer.status >= 500) problems.push(`${answer.status} ${answer.body.slice(0, 200)}`);
    if (answer.ms > SLOW_MS) problems.push(`took ${answer.ms} ms`);
    if (answer.status === 429) problems.push('429: a rate limit hides the route');
    if (role !== 'anonymous' && operation.secured && answer.status === 401) {
      problems.push('401: the session was lost, later cases would not reach the route');
    }
    if (
      answer.status >= 400 &&
      answer.status < 500 &&
      fuzz.path.startsWith('/api/') &&
      answer.contentType.includes('json')
    ) {
      const body = JSON.parse(answer.body) as { message?: unknown; code?: unknown };
      if (typeof body.message !== 'string' || typeof body.code !== 'string') {
        problems.push(`${answer.status} without {message, code}: ${answer.body.slice(0, 200)}`);
      }
    }
    return problems.map((problem) => `[${role}] ${fuzz.label}: ${problem}`);
  };

  /** Whether `role` gets past the route's guard (a probe with an empty body, or the base case). */
  const admits = async (role: Role, operation: Operation) => {
    if (!operation.secured) return true;
    if (role === 'anonymous') return false;
    const [probe] = casesFor(operation, fixtures(role)).map((makeCase) => makeCase());
    const answer = await send(
      app.url,
      {
        ...probe,
        headers: { ...headersOf(role), ...probe.headers },
        ...(operation.body ? { body: '{}', contentType: 'application/json' } : {}),
      },
      SLOW_MS * 3,
    );
    return answer.status !== 401 && answer.status !== 403;
  };

  /**
   * Each operation gets the whole corpus once, from the least privileged role its guard admits
   * (public routes as anonymous, the user's routes as the user, the console's as the admin);
   * every other role sends it the light corpus.
   */
  const fullCorpusRoles = new Map<Operation, Role | undefined>();
  const fullCorpusRole = async (operation: Operation): Promise<Role | undefined> => {
    if (!fullCorpusRoles.has(operation)) {
      let first: Role | undefined;
      for (const role of ['anonymous', 'user', 'admin'] as const) {
        if (await admits(role, operation)) {
          first = role;
          break;
        }
      }
      fullCorpusRoles.set(operation, first);
    }
    return fullCorpusRoles.get(operation);
  };

  const headersOf = (role: Role): Record<string, string> =>
    role === 'anonymous'
      ? {}
      : { Authorization: (role === 'admin' ? admin : user).auth.Authorization };

  const fuzzAs = async (role: Role) => {
    const roleFixtures = fixtures(role);
    const tasks: (() => Promise<string[]>)[] = [];
    let full = 0;
    for (const operation of operations) {
      const light = (await fullCorpusRole(operation)) !== role;
      if (!light) full += 1;
      for (const makeCase of casesFor(operation, roleFixtures, light)) {
        tasks.push(async () => {
          const fuzz = makeCase();
          fuzz.headers = { ...headersOf(role), ...fuzz.headers };
          const answer = await send(app.url, fuzz, SLOW_MS * 3);
          return problemsOf(role, operation, fuzz, answer);
        });
      }
    }
    const problems = (await inParallel(tasks, IN_FLIGHT)).flat();
    return { sent: tasks.length, full, problems };
  };

  it('reads the served document: every route of the store is there to fuzz', () => {
    const routes = operations.map((operation) => `${operation.method} ${operation.path}`);
    expect(routes.length).toBeGreaterThan(80);
    for (const route of [
      'POST /api/auth/login',
      'POST /api/order/createWalletOrder',
      'GET /api/admin/rest/orders',
      'POST /api/admin/createitem',
    ]) {
      expect(routes).toContain(route);
    }
  });

  for (const role of ['anonymous', 'user', 'admin'] as const) {
    it(`answers every malformed request as ${role} with a 4xx (or success) in time`, async () => {
      const { sent, full, problems } = await fuzzAs(role);
      // The full corpus reaches routes of every kind: public ones, the user's and the admin's.
      expect(full).toBeGreaterThan({ anonymous: 10, user: 10, admin: 40 }[role]);
      expect(sent).toBeGreaterThan(1000);
      expect(problems).toEqual([]);
    }, 300_000);
  }

  it('leaves the ledger consistent and the sessions usable', async () => {
    await expectLedgerConsistent(app);
    for (const caller of [user, admin]) {
      await app.http().get(`/api/wallet/getbalance/${caller.userid}`).set(caller.auth).expect(200);
    }
  });
});
