import { Inject, Injectable } from '@nestjs/common';
import { JwtService, type JwtModuleOptions } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import type { User } from '../users/user.js';

export interface TokenClaims {
  sub: string;
  uid: number;
  role: string;
  /** Token version: bumped on password reset, block or role change, ending older sessions. */
  tv: number;
}

/**
 * The signing key as a key object: given the secret as text, jsonwebtoken first tries (and fails)
 * to read it as a public key on every verification, which cost more than the rest of it.
 */
export function jwtModuleOptions(config: Pick<AppConfig, 'jwt'>): JwtModuleOptions {
  return { secret: createSecretKey(Buffer.from(config.jwt.secret, 'utf8')) };
}

@Injectable()
export class TokenService {
  constructor(
    private readonly jwt: JwtService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  issue(user: Pick<User, 'id' | 'userid' | 'role' | 'tokenVersion'>) {
    const claims: TokenClaims = {
      sub: user.id,
      uid: user.userid,
      role: user.role,
      tv: user.tokenVersion,
    };
    return this.jwt.signAsync(claims, {
      algorithm: 'HS256',
      issuer: this.config.jwt.issuer,
      audience: this.config.jwt.audience,
      expiresIn: this.config.jwt.ttlSeconds,
    });
  }

  /**
   * Throws on a bad signature, another algorithm, a wrong issuer or audience, expiry, or no
   * expiry at all (such a token would never end).
   */
  async verify(token: string) {
    const claims = await this.jwt.verifyAsync<TokenClaims & { exp?: unknown }>(token, {
      algorithms: ['HS256'],
      issuer: this.config.jwt.issuer,
      audience: this.config.jwt.audience,
      clockTolerance: 30,
    });
    if (typeof claims.exp !== 'number') throw new Error('token without exp');
    return claims;
  }
}
