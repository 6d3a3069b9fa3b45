import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
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

@Injectable()
export class TokenService {
  /**
   * Signs and verifies with the secret as a key object: given it as text, jsonwebtoken first
   * tries (and fails) to read it as a public key on every verification, which cost more than
   * the rest of it.
   */
  private readonly jwt: JwtService;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.jwt = new JwtService({ secret: createSecretKey(Buffer.from(config.jwt.secret, 'utf8')) });
  }

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
