import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { languageFromHeader } from './language.js';

/** The request's language from its `Accept-Language` header (the storefront sends its UI language). */
export const RequestLanguage = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  return languageFromHeader(request.headers['accept-language']);
});
