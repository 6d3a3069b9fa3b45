import { Messages } from '@zstore/contract/messages';
import { startTestApp, type TestApp } from '../utils/app.js';
import { bearer, SEEDED, signIn } from './helpers/accounts.js';
import { setFaults } from './supplier.helpers.js';

describe('POST /api/admin/querypoints and /querypoints/ph (spec 002)', () => {
  let app: TestApp;
  let admin: string;
  let customer: string;

  beforeAll(async () => {
    app = await startTestApp({ PROVIDER_TIMEOUT_MS: '1000' });
    admin = (await signIn(app, SEEDED.admin.email, SEEDED.admin.password)).body.token as string;
    customer = (await signIn(app, SEEDED.user.email, SEEDED.user.password)).body.token as string;
  });
  afterEach(() => setFaults(app, 'smileone'));
  afterAll(() => app.close());

  it('answers each region balance from Smile.one as { status, smile_points }', async () => {
    const br = await app
      .http()
      .post('/api/admin/querypoints')
      .set(bearer(admin))
      .send({})
      .expect(200);
    expect(br.body).toEqual({
      status: 200,
      smile_points: '60575.0',
      message: Messages.pointsFetched,
    });
    const ph = await app
      .http()
      .post('/api/admin/querypoints/ph')
      .set(bearer(admin))
      .send()
      .expect(200);
    expect(ph.body).toEqual({
      status: 200,
      smile_points: '25000.0',
      message: Messages.pointsFetched,
    });
  });

  it('follows the simulator balance', async () => {
    await app
      .http()
      .post('/sandbox/smileone/balances')
      .send({ region: 'SMILEPH', points: 1234.5 })
      .expect(200);
    try {
      const ph = await app.http().post('/api/admin/querypoints/ph').set(bearer(admin)).expect(200);
      expect(ph.body.smile_points).toBe('1234.5');
    } finally {
      await app
        .http()
        .post('/sandbox/smileone/balances')
        .send({ region: 'SMILEPH', points: 25000 });
    }
  });

  it('is for admins only', async () => {
    await app.http().post('/api/admin/querypoints').expect(401);
    await app.http().post('/api/admin/querypoints').set(bearer(customer)).expect(403);
  });

  it("answers 'Failed to fetch points' when Smile.one does not answer usefully", async () => {
    await setFaults(app, 'smileone', { fault: 'html' });
    const html = await app.http().post('/api/admin/querypoints').set(bearer(admin)).expect(503);
    expect(html.body).toMatchObject({ message: Messages.pointsFetchFailed, smile_points: null });
    await setFaults(app, 'smileone', { fault: 'http500' });
    await app.http().post('/api/admin/querypoints/ph').set(bearer(admin)).expect(503);
  });

  it('answers 502 with the body status when Smile.one refuses our signature', async () => {
    // A second store whose merchant key differs, calling this store's simulator.
    const other = await startTestApp({
      SMILEONE_BASE_URL: `${app.url}/sandbox/smileone`,
      SMILEONE_KEY: 'a-key-the-simulator-does-not-know',
    });
    try {
      const token = (await signIn(other, SEEDED.admin.email, SEEDED.admin.password)).body
        .token as string;
      const refused = await other
        .http()
        .post('/api/admin/querypoints')
        .set(bearer(token))
        .expect(502);
      expect(refused.body).toMatchObject({ message: Messages.pointsFetchFailed, status: 10001 });
    } finally {
      await other.close();
    }
  });
});
