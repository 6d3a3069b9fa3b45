import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import request from 'supertest';
import { deleteRedisPrefix } from '../utils/app.js';
import { REDIS_URL } from '../utils/env.js';
import { freePort, StoreProcess } from '../utils/process.js';

/** DESIGN 13: the built store starts without DATABASE_URL, on the embedded PostgreSQL. */
describe('the built store on the embedded database', () => {
  const prefix = `zs${randomBytes(4).toString('hex')}`;
  const dataDir = `/tmp/${prefix}`;
  let store: StoreProcess;
  let url: string;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    store = StoreProcess.start('store', {
      NODE_ENV: 'development',
      PORT: String(port),
      REDIS_URL,
      REDIS_PREFIX: prefix,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    });
    await store.waitForOutput(/listening on/, 90_000);
  }, 120_000);

  afterAll(async () => {
    store.signal('SIGTERM');
    await store.waitForExit(30_000).catch(() => store.stop());
    fs.rmSync(dataDir, { recursive: true, force: true });
    await deleteRedisPrefix(prefix);
  });

  it('answers /api/health with the database, Redis and the workers up', async () => {
    const response = await request(url).get('/api/health').expect(200);
    expect(response.body.status).toBe('ok');
    expect(fs.existsSync(`${dataDir}/pglite`)).toBe(true);
  });

  it('starts without a failed job and answers concurrent API calls', async () => {
    const login = await request(url)
      .post('/api/auth/login')
      .send({ email: 'user@example.com', password: 'User@12345' })
      .expect(200);
    const { token, user } = login.body as { token: string; user: { userid: number } };
    const paths = [`/api/order/${user.userid}`, `/api/wallet/gettransactions/${user.userid}`];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        request(url)
          .get(`${paths[i % 2]}?page=${(i % 3) + 1}`)
          .set('Authorization', `Bearer ${token}`),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(store.output.filter((line) => /failed \(attempt|prepared statement/.test(line))).toEqual(
      [],
    );
  });

  it("reads every supplier's balance from the sandbox once its port is open, with no warning", async () => {
    const redis = new Redis(REDIS_URL);
    try {
      const balances = () => redis.hkeys(`${prefix}:ops:supplier-balances`);
      for (let i = 0; i < 100 && (await balances()).length < 3; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect((await balances()).sort()).toEqual([
        'moogold:USD',
        'smileone:SMILEBR',
        'smileone:SMILEPH',
      ]);
    } finally {
      redis.disconnect();
    }
    expect(store.output.filter((line) => /"level":"(warn|error)"/.test(line))).toEqual([]);
  });

  it('serves the storefront on / and on client routes', async () => {
    for (const path of ['/', '/login', '/product/anything']) {
      const page = await request(url).get(path).expect(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.text).toMatch(/<div id="root">/);
    }
  });

  it('serves the admin console under /admin', async () => {
    for (const path of ['/admin/', '/admin/usersdata']) {
      const page = await request(url).get(path).expect(200);
      expect(page.text).toMatch(/<div id="root">/);
      expect(page.text).toMatch(/\/admin\/assets\//);
    }
  });

  it('signs in the seeded demo user', async () => {
    const response = await request(url)
      .post('/api/auth/login')
      .send({ email: 'user@example.com', password: 'User@12345' })
      .expect(200);
    expect(response.body.user.email).toBe('user@example.com');
  });
});
