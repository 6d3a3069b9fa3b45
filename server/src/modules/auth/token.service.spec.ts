import { decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../../config/config.js';
import { Role } from '../../common/auth/role.js';
import { TokenService } from './token.service.js';

const SECRET = 'unit-test-secret-0123456789abcdef-0123456789';

describe('TokenService', () => {
  const config = loadConfig({ NODE_ENV: 'test', JWT_SECRET: SECRET });
  const tokens = new TokenService(config);
  const user = { id: randomUUID(), userid: 100_042, role: Role.Reseller, tokenVersion: 3 };

  const now = () => Math.floor(Date.now() / 1000);
  const sign = (
    options: { alg?: string; secret?: string; iss?: string; aud?: string; exp?: number } = {},
  ) =>
    new SignJWT({ uid: user.userid, role: user.role, tv: user.tokenVersion })
      .setProtectedHeader({ alg: options.alg ?? 'HS256' })
      .setSubject(user.id)
      .setIssuer(options.iss ?? config.jwt.issuer)
      .setAudience(options.aud ?? config.jwt.audience)
      .setIssuedAt(now() - 7200)
      .setExpirationTime(options.exp ?? now() + 3600)
      .sign(new TextEncoder().encode(options.secret ?? SECRET));

  it('issues HS256 tokens with the user id, numeric userid, role and token version', async () => {
    const token = await tokens.issue(user);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decodeJwt(token)).toMatchObject({
      sub: user.id,
      uid: 100_042,
      role: 'reseller',
      tv: 3,
      iss: 'zstore',
      aud: 'zstore-web',
    });
  });

  it('makes tokens last 6 hours', async () => {
    const before = now();
    const payload = decodeJwt(await tokens.issue(user));
    expect(payload.exp! - payload.iat!).toBe(6 * 3600);
    expect(payload.iat!).toBeGreaterThanOrEqual(before);
  });

  it('verifies its own tokens and answers their claims', async () => {
    const claims = await tokens.verify(await tokens.issue(user));
    expect(claims).toMatchObject({ sub: user.id, uid: 100_042, role: 'reseller', tv: 3 });
  });

  it('accepts a token made the same way elsewhere (the control for the refusals below)', async () => {
    await expect(tokens.verify(await sign())).resolves.toMatchObject({ sub: user.id });
  });

  it('refuses alg none', async () => {
    const token = new UnsecuredJWT({ uid: user.userid, role: 'admin', tv: 3 })
      .setSubject(user.id)
      .setIssuer(config.jwt.issuer)
      .setAudience(config.jwt.audience)
      .setExpirationTime(now() + 3600)
      .encode();
    await expect(tokens.verify(token)).rejects.toThrow();
  });

  it.each(['HS384', 'HS512'])('refuses %s even with the right secret', async (alg) => {
    await expect(tokens.verify(await sign({ alg }))).rejects.toThrow();
  });

  it('refuses another secret', async () => {
    await expect(
      tokens.verify(await sign({ secret: 'another-secret-0123456789abcdef-012345' })),
    ).rejects.toThrow();
  });

  it('refuses another issuer or audience', async () => {
    await expect(tokens.verify(await sign({ iss: 'somebody-else' }))).rejects.toThrow();
    await expect(tokens.verify(await sign({ aud: 'another-app' }))).rejects.toThrow();
  });

  it('refuses a token expired more than 30 s ago, and allows 30 s of clock skew', async () => {
    await expect(tokens.verify(await sign({ exp: now() - 45 }))).rejects.toThrow();
    await expect(tokens.verify(await sign({ exp: now() - 10 }))).resolves.toMatchObject({
      sub: user.id,
    });
  });

  it('refuses a token changed after signing', async () => {
    const [header, , signature] = (await tokens.issue(user)).split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...decodeJwt(await tokens.issue(user)), role: 'admin' }),
    ).toString('base64url');
    await expect(tokens.verify(`${header}.${forged}.${signature}`)).rejects.toThrow();
  });
});
