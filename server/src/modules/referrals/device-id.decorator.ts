import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { DEVICE_COOKIE } from './referral-rules.js';

/** The browser's first-party `zs_device` cookie, set by the storefront (undefined without). */
export const DeviceId = createParamDecorator((_data: unknown, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  return request.cookies?.[DEVICE_COOKIE];
});
