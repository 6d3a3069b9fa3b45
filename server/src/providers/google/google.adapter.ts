import { Inject, Injectable } from '@nestjs/common';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ProviderError, requestJson } from '../http.js';
import { ProviderUrls } from '../provider-urls.js';

export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

interface Endpoints {
  authorize: string;
  token: string;
  certs: string;
}

const GOOGLE: Endpoints = {
  authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
  token: 'https://oauth2.googleapis.com/token',
  certs: 'https://www.googleapis.com/oauth2/v3/certs',
};
const ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/** Google sign-in, OAuth 2.0 authorisation-code flow with the ID token checked against the JWKS. */
@Injectable()
export class GoogleAdapter {
  private jwks?: { url: string; get: JWTVerifyGetKey };

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly urls: ProviderUrls,
  ) {}

  private endpoints(): Endpoints {
    const base = this.config.google.baseUrl ?? this.urls.sandbox('google');
    if (base === 'https://accounts.google.com') return GOOGLE;
    return {
      authorize: `${base}/o/oauth2/v2/auth`,
      token: `${base}/token`,
      certs: `${base}/oauth2/v3/certs`,
    };
  }

  /**
   * Where the browser goes to consent. The sandbox's consent page is served by this store at the
   * origin of the callback, the one the customer opened the store on: its form then sends the
   * browser back within that origin (CSP `form-action 'self'`), and the state cookie is there.
   */
  private authorizeEndpoint(redirectUri: string) {
    if (this.config.google.baseUrl) return this.endpoints().authorize;
    return `${new URL(redirectUri).origin}/sandbox/google/o/oauth2/v2/auth`;
  }

  authorizeUrl(redirectUri: string, state: string, nonce: string) {
    const params = new URLSearchParams({
      client_id: this.config.google.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state,
      nonce,
      prompt: 'select_account',
    });
    return `${this.authorizeEndpoint(redirectUri)}?${params.toString()}`;
  }

  async exchangeCode(code: string, redirectUri: string, nonce: string): Promise<GoogleIdentity> {
    const endpoints = this.endpoints();
    const { status, body } = await requestJson<{ id_token?: string; error?: string }>(
      'google',
      endpoints.token,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          code,
          client_id: this.config.google.clientId,
          client_secret: this.config.google.clientSecret,
          redirect_uri: redirectUri,
          grant_type: 'authorization_code',
        }).toString(),
        timeoutMs: this.config.providerTimeoutMs,
      },
    );
    if (status !== 200 || !body.id_token) {
      throw new ProviderError('google', `token exchange refused: ${body.error ?? status}`, status);
    }
    if (this.jwks?.url !== endpoints.certs) {
      this.jwks = { url: endpoints.certs, get: createRemoteJWKSet(new URL(endpoints.certs)) };
    }
    const { payload } = await jwtVerify(body.id_token, this.jwks.get, {
      issuer: ISSUERS,
      audience: this.config.google.clientId,
      algorithms: ['RS256'],
      clockTolerance: 30,
    });
    if (payload.nonce !== nonce) throw new ProviderError('google', 'nonce mismatch');
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') {
      throw new ProviderError('google', 'ID token without sub or email');
    }
    return {
      sub: payload.sub,
      email: payload.email,
      emailVerified: payload.email_verified === true,
      name: typeof payload.name === 'string' ? payload.name : payload.email.split('@')[0],
    };
  }
}
