import { publishedSecretProblems } from '../../config/published-secrets.js';
import { DEMO_ACCOUNTS } from './demo-data.service.js';

describe('demo accounts', () => {
  it.each(Object.entries(DEMO_ACCOUNTS))(
    "refuses in production the %s account's published password as the admin password",
    (_kind, account) => {
      for (const password of [account.password, account.password.toUpperCase()]) {
        expect(publishedSecretProblems({ ADMIN_PASSWORD: password })).toEqual([
          expect.stringMatching(/^ADMIN_PASSWORD: production refuses a value published/),
        ]);
      }
    },
  );
});
