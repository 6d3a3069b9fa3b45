import { startTestApp, type TestApp } from '../utils/app.js';

describe('GET /api/health', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('reports the database, Redis, a worker on every queue and the sweeps', async () => {
    const response = await app.http().get('/api/health').expect(200);
    expect(response.body.status).toBe('ok');
    expect(Object.keys(response.body.details)).toEqual(['database', 'redis', 'queues', 'sweeps']);
  });

  it('serves the OpenAPI document', async () => {
    const response = await app.http().get('/api/docs-json').expect(200);
    expect(Object.keys(response.body.paths)).toContain('/api/auth/login');
  });
});
