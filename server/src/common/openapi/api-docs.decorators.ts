import { applyDecorators } from '@nestjs/common';
import {
  ApiExtension,
  ApiExtraModels,
  ApiOperation,
  ApiResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { ErrorBody, type ErrorBodyType } from './error-body.js';

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503;

/** A status, or a status with the codes this operation answers it with. */
export type ErrorSpec = ErrorStatus | [ErrorStatus, ...string[]];

const meaning: Record<ErrorStatus, { description: string; codes: string[] }> = {
  400: { description: 'Bad input', codes: ['VALIDATION'] },
  401: {
    description: 'No token, or a bad or expired one',
    codes: ['UNAUTHORIZED', 'TOKEN_EXPIRED'],
  },
  402: { description: 'Not enough balance; nothing was placed', codes: ['INSUFFICIENT_BALANCE'] },
  403: { description: 'Blocked account or wrong role', codes: ['FORBIDDEN', 'BLOCKED'] },
  404: { description: 'Not found, or not yours', codes: ['NOT_FOUND'] },
  409: { description: 'Conflict or illegal state change', codes: ['CONFLICT'] },
  413: { description: 'Upload too large', codes: ['VALIDATION'] },
  415: { description: 'Unsupported upload type', codes: ['VALIDATION'] },
  422: {
    description: 'Idempotency-Key reused with another request',
    codes: ['IDEMPOTENCY_MISMATCH'],
  },
  429: { description: 'Rate limited; Retry-After says when to try again', codes: ['RATE_LIMITED'] },
  502: { description: 'The supplier refused the call', codes: ['PROVIDER_FAILED'] },
  503: { description: 'A dependency is down; nothing was changed', codes: ['UNAVAILABLE'] },
};

/** Marks an operation that needs no token; the document builder turns it into `security: []`. */
export const PUBLIC_OPERATION = 'x-zstore-public';

export const ApiPublic = () => ApiExtension(PUBLIC_OPERATION, true);

/**
 * Documents the error answers of an operation with the shared error body. `[409, 'OUT_OF_STOCK']`
 * names the codes this operation uses instead of the status's generic one. Pass a body type
 * first for the routes whose body carries `msg`, `error` or `success` too (DESIGN 7).
 */
export function ApiErrors(...specs: ErrorSpec[]): MethodDecorator & ClassDecorator;
export function ApiErrors(
  body: ErrorBodyType,
  ...specs: ErrorSpec[]
): MethodDecorator & ClassDecorator;
export function ApiErrors(...args: (ErrorBodyType | ErrorSpec)[]) {
  const body = typeof args[0] === 'function' ? (args.shift() as ErrorBodyType) : ErrorBody;
  const responses = (args as ErrorSpec[]).map((spec) => {
    const [status, ...named] = Array.isArray(spec) ? spec : [spec];
    const codes = named.length ? named : meaning[status].codes;
    return ApiResponse({
      status,
      description: `${meaning[status].description} (code ${codes.join(', ')})`,
      schema: {
        allOf: [
          { $ref: getSchemaPath(body) },
          { type: 'object', properties: { code: { type: 'string', enum: codes } } },
        ],
      },
    });
  });
  return applyDecorators(ApiExtraModels(body), ...responses);
}

export const ADMIN_ONLY = 'Admin only: the bearer token must belong to a user with the admin role.';

/** Summary of a console call; its description says that only admins may call it. */
export const ApiAdminOperation = (summary: string, description?: string) =>
  ApiOperation({ summary, description: description ? `${ADMIN_ONLY} ${description}` : ADMIN_ONLY });
