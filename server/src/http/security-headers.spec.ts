import Fastify from 'fastify';
import { addSecurityHeaders } from './security-headers.js';

/** RELIABILITY S9 for production's settings, which an in-process test store does not run with. */
describe('security headers with HSTS on (production)', () => {
  const app = Fastify();
  addSecurityHeaders(app, { hsts: { maxAge: 31_536_000, includeSubDomains: true } });
  app.get('/api/anything', () => ({ ok: true }));
  app.get('/home', () => 'page');
  afterAll(() => app.close());

  it.each(['/api/anything', '/home'])(
    '%s is to be reached over HTTPS only, for a year',
    async (url) => {
      const response = await app.inject({ url });
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
    },
  );
});
