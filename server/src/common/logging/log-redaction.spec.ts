import { loggablePath, scrubText } from './log-redaction.js';

describe('log redaction', () => {
  it('masks e-mails, mobiles and credentials in free text, and keeps business ids', () => {
    expect(
      scrubText(
        'mail to user@example.com failed; sms +91 9000000001 / 9876543210; Bearer eyJa.b-c_d; order ZS1A2B3C4D5E6F70',
      ),
    ).toBe(
      'mail to [email] failed; sms [mobile] / [mobile]; Bearer [redacted]; order ZS1A2B3C4D5E6F70',
    );
  });

  it('drops query strings and long path segments (link tokens) from request paths', () => {
    expect(loggablePath('/api/auth/reset?token=abc&email=a@b.co')).toBe('/api/auth/reset');
    expect(loggablePath(`/api/auth/verify/${'x'.repeat(64)}`)).toBe('/api/auth/verify/:redacted');
    expect(loggablePath('/api/admin/orders/0b6b1c2e-1111-2222-3333-444455556666')).toBe(
      '/api/admin/orders/0b6b1c2e-1111-2222-3333-444455556666',
    );
  });
});
