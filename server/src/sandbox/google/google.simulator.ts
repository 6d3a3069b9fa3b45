import { Body, Controller, Get, Header, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { createHash, randomBytes } from 'node:crypto';
import { Public } from '../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { REDIS } from '../../redis/redis.module.js';
import { escapeHtml, sandboxPage } from '../outbox/outbox.page.js';
import { absoluteUrl, textFields } from '../sandbox-input.js';

interface GoogleAccount {
  email: string;
  name: string;
  emailVerified: boolean;
}

/** Fixture accounts offered on the consent page; any other address can be typed in. */
export const GOOGLE_TEST_ACCOUNTS: GoogleAccount[] = [
  { email: 'gamer.google@example.com', name: 'Google Gamer', emailVerified: true },
  { email: 'user@example.com', name: 'Demo User (Google)', emailVerified: true },
  { email: 'unverified.google@example.com', name: 'Unverified Google', emailVerified: false },
];

interface CodeGrant extends GoogleAccount {
  sub: string;
  clientId: string;
  redirectUri: string;
  nonce?: string;
}

const ISSUER = 'https://accounts.google.com';
/** Stable per e-mail, like Google's numeric `sub`. */
const subFor = (email: string) =>
  BigInt(
    `0x${createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 15)}`,
  ).toString();

/** A small OIDC provider with Google's paths: consent page, token, JWKS, userinfo (PROVIDERS.md 6.5). */
@ApiExcludeController()
@Controller('sandbox/google')
export class GoogleSimulator {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  private key(name: string) {
    return `${this.config.redisPrefix}:sandbox:google:${name}`;
  }

  /** One RSA key for every instance, made by whichever asks first. */
  private async signingKey(): Promise<JWK> {
    const existing = await this.redis.get(this.key('jwk'));
    if (existing) return JSON.parse(existing) as JWK;
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = {
      ...(await exportJWK(privateKey)),
      kid: randomBytes(8).toString('hex'),
      alg: 'RS256',
      use: 'sig',
    };
    await this.redis.set(this.key('jwk'), JSON.stringify(jwk), 'NX');
    return JSON.parse((await this.redis.get(this.key('jwk')))!) as JWK;
  }

  @Get('o/oauth2/v2/auth')
  @Public()
  @Header('content-type', 'text/html; charset=utf-8')
  consent(@Query() parameters: unknown) {
    const query = textFields(parameters);
    const hidden = ['client_id', 'redirect_uri', 'state', 'nonce']
      .map(
        (name) => `<input type="hidden" name="${name}" value="${escapeHtml(query[name] ?? '')}">`,
      )
      .join('');
    const accounts = GOOGLE_TEST_ACCOUNTS.map(
      (
        a,
      ) => `<form method="post" action="auth/approve">${hidden}<input type="hidden" name="email" value="${escapeHtml(a.email)}">
<button style="width:100%;text-align:left" data-email="${escapeHtml(a.email)}">${escapeHtml(a.name)}<br><small>${escapeHtml(a.email)}${a.emailVerified ? '' : ' (e-mail not verified)'}</small></button></form>`,
    ).join('');
    return sandboxPage(
      'Sign in with Google (sandbox)',
      `<h1>Choose an account</h1><p>to continue to Z Store</p>${accounts}
<form method="post" action="auth/approve">${hidden}<input name="email" type="email" placeholder="another address" required aria-label="E-mail"><button>Continue</button></form>
<form method="post" action="auth/deny">${hidden}<button style="background:#444">Cancel</button></form>`,
    );
  }

  @Post('o/oauth2/v2/auth/approve')
  @Public()
  async approve(@Body() form: unknown, @Res() reply: FastifyReply) {
    const body = textFields(form);
    if (body.client_id !== this.config.google.clientId || !body.redirect_uri) {
      return reply.status(400).send('invalid_client');
    }
    const target = absoluteUrl(body.redirect_uri);
    const email = String(body.email ?? '')
      .trim()
      .toLowerCase();
    const fixture = GOOGLE_TEST_ACCOUNTS.find((a) => a.email === email);
    const grant: CodeGrant = {
      email,
      name: fixture?.name ?? email.split('@')[0],
      emailVerified: fixture?.emailVerified ?? true,
      sub: subFor(email),
      clientId: body.client_id,
      redirectUri: body.redirect_uri,
      nonce: body.nonce || undefined,
    };
    const code = randomBytes(24).toString('base64url');
    await this.redis.set(this.key(`code:${code}`), JSON.stringify(grant), 'EX', 300);
    target.searchParams.set('code', code);
    target.searchParams.set('state', body.state ?? '');
    return reply.redirect(target.toString(), 302);
  }

  @Post('o/oauth2/v2/auth/deny')
  @Public()
  deny(@Body() form: unknown, @Res() reply: FastifyReply) {
    const body = textFields(form);
    const target = absoluteUrl(body.redirect_uri);
    target.searchParams.set('error', 'access_denied');
    target.searchParams.set('state', body.state ?? '');
    return reply.redirect(target.toString(), 302);
  }

  @Post('token')
  @Public()
  @HttpCode(200)
  async token(@Body() form: unknown, @Res() reply: FastifyReply) {
    const body = textFields(form);
    if (
      body.client_id !== this.config.google.clientId ||
      body.client_secret !== this.config.google.clientSecret
    ) {
      return reply.status(401).send({ error: 'invalid_client' });
    }
    const stored = body.code ? await this.redis.getdel(this.key(`code:${body.code}`)) : null;
    const grant = stored ? (JSON.parse(stored) as CodeGrant) : undefined;
    if (
      !grant ||
      grant.redirectUri !== body.redirect_uri ||
      body.grant_type !== 'authorization_code'
    ) {
      return reply.status(400).send({ error: 'invalid_grant' });
    }
    const jwk = await this.signingKey();
    const idToken = await new SignJWT({
      email: grant.email,
      email_verified: grant.emailVerified,
      name: grant.name,
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
      .setIssuer(ISSUER)
      .setAudience(grant.clientId)
      .setSubject(grant.sub)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(await importJWK(jwk, 'RS256'));
    const accessToken = randomBytes(24).toString('base64url');
    await this.redis.set(this.key(`access:${accessToken}`), JSON.stringify(grant), 'EX', 3600);
    return reply.send({
      access_token: accessToken,
      expires_in: 3599,
      id_token: idToken,
      scope: 'openid email profile',
      token_type: 'Bearer',
    });
  }

  @Get('oauth2/v3/certs')
  @Public()
  async certs() {
    const { kid, kty, n, e, alg, use } = await this.signingKey();
    return { keys: [{ kid, kty, n, e, alg, use }] };
  }

  @Get('v1/userinfo')
  @Public()
  async userinfo(
    @Query('access_token') queryToken: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    const header = reply.request.headers.authorization ?? '';
    const token = queryToken ?? header.replace(/^Bearer\s+/i, '');
    const stored = await this.redis.get(this.key(`access:${token}`));
    if (!stored) return reply.status(401).send({ error: 'invalid_token' });
    const grant = JSON.parse(stored) as CodeGrant;
    return reply.send({
      sub: grant.sub,
      email: grant.email,
      email_verified: grant.emailVerified,
      name: grant.name,
    });
  }
}
