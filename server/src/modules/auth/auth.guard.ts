import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import {
  PUBLIC_KEY,
  ROLES_KEY,
  SIGNED_OUT_MESSAGE_KEY,
  type AuthUser,
} from '../../common/auth/auth.decorators.js';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import type { Role } from '../../common/auth/role.js';
import { UsersService } from '../users/users.service.js';
import { TokenService } from './token.service.js';

const expired = () =>
  new AppError(ErrorCode.TokenExpired, Messages.tokenExpired, HttpStatus.UNAUTHORIZED);

/**
 * Global guard: every route needs a valid bearer token unless marked `@Public()`. The user is
 * read on each request so a block or a token-version bump ends sessions at once.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenService,
    private readonly users: UsersService,
  ) {}

  async canActivate(context: ExecutionContext) {
    const targets = [context.getHandler(), context.getClass()];
    const http = context.switchToHttp();
    const request = http.getRequest<{
      headers: Record<string, string | undefined>;
      auth?: AuthUser;
    }>();
    const header = request.headers.authorization ?? '';
    // Whatever a signed-in caller is answered is theirs alone: no cache may keep it.
    if (header) void http.getResponse<FastifyReply>().header('cache-control', 'no-store');
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets)) return true;

    const token = /^Bearer\s+(.+)$/i.exec(header)?.[1];
    if (!token) {
      const message =
        this.reflector.getAllAndOverride<string | undefined>(SIGNED_OUT_MESSAGE_KEY, targets) ??
        Messages.unauthorized;
      throw new AppError(ErrorCode.Unauthorized, message, HttpStatus.UNAUTHORIZED);
    }

    const claims = await this.tokens.verify(token).catch(() => undefined);
    if (!claims?.sub) throw expired();
    const session = await this.users.getSession(claims.sub);
    if (!session || session.tokenVersion !== claims.tv) throw expired();
    if (session.isBlocked) {
      throw new AppError(ErrorCode.Blocked, Messages.blocked, HttpStatus.FORBIDDEN);
    }

    request.auth = {
      id: claims.sub,
      userid: session.userid,
      role: session.role,
      name: session.name,
      email: session.email,
      mobilenumber: session.mobilenumber,
      stateCode: session.stateCode,
      gstin: session.gstin,
    };
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets) ?? [];
    if (roles.length > 0 && !roles.includes(session.role)) {
      throw new AppError(ErrorCode.Forbidden, Messages.forbidden, HttpStatus.FORBIDDEN);
    }
    return true;
  }
}
