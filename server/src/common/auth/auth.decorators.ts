import {
  applyDecorators,
  createParamDecorator,
  ExecutionContext,
  SetMetadata,
} from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import type { Role } from './role.js';
import { ApiErrors, ApiPublic } from '../openapi/api-docs.decorators.js';

export const PUBLIC_KEY = 'auth:public';
export const ROLES_KEY = 'auth:roles';
export const SIGNED_OUT_MESSAGE_KEY = 'auth:signed-out-message';

/** The signed-in caller, as the auth guard read it from the database for this request. */
export interface AuthUser {
  id: string;
  userid: number;
  role: Role;
  /** As the account read at the start of this request has them. */
  name: string;
  email: string;
  mobilenumber: string | null;
  /** GST state code of residence, copied onto each order at placement. */
  stateCode: string | null;
  /** A registered business buyer's GSTIN, printed on its invoices. */
  gstin: string | null;
}

/** Skips authentication; the global guard requires a valid token everywhere else. */
export const Public = () => applyDecorators(SetMetadata(PUBLIC_KEY, true), ApiPublic());

/** Requires a signed-in caller, and one of `roles` when given (checked on the server). */
export const Authenticated = (...roles: Role[]) =>
  applyDecorators(
    SetMetadata(ROLES_KEY, roles),
    ApiBearerAuth(),
    ApiErrors(401, roles.length ? [403, 'FORBIDDEN', 'BLOCKED'] : [403, 'BLOCKED']),
  );

/** What a caller without a token is told on this route, when the spec words it. */
export const SignedOutMessage = (message: string) => SetMetadata(SIGNED_OUT_MESSAGE_KEY, message);

export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<{ auth?: AuthUser }>();
  return request.auth;
});

/** The caller's address as the rate limits key it (Fastify honours TRUST_PROXY). */
export const ClientIp = createParamDecorator((_: unknown, context: ExecutionContext) => {
  return context.switchToHttp().getRequest<{ ip: string }>().ip;
});
