import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Public } from '../../common/auth/auth.decorators.js';
import { ApiErrors } from '../../common/openapi/api-docs.decorators.js';
import { SignedRequestGuard } from './signed-request.guard.js';

export const SIGNED_NOTE =
  'Signed with a reseller API key (X-Key-Id, X-Timestamp, X-Signature), not a session: see /api/reseller/v1/openapi.json.';

/**
 * A reseller API operation: no session token (the global guard lets it through) but a request
 * signed with an API key, checked by `SignedRequestGuard`.
 */
export const Signed = (summary: string, description?: string) =>
  applyDecorators(
    Public(),
    UseGuards(SignedRequestGuard),
    ApiOperation({
      summary,
      description: description ? `${description} ${SIGNED_NOTE}` : SIGNED_NOTE,
    }),
    ApiErrors([401, 'INVALID_SIGNATURE', 'TIMESTAMP_SKEW'], [403, 'IP_NOT_ALLOWED'], 429),
  );
