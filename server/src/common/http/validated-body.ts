import type { ExecutionContext, Type } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/internal';
import { createValidationPipe } from './validation.js';

const pipe = createValidationPipe();
const validated = new WeakMap<object, Promise<unknown>>();

/**
 * The route's `@Body()` as its handler will receive it (validated and transformed by the
 * global pipe, which answers the same 400 for a bad body), for edge concerns that run before
 * the handler but must behave as if they ran after validation: a refused body claims no
 * Idempotency-Key and spends no rate limit. Computed once per request.
 */
export function validatedBody(context: ExecutionContext): Promise<unknown> {
  const request = context.switchToHttp().getRequest<{ body?: unknown }>();
  let body = validated.get(request);
  if (!body) {
    body = validate(context, request.body);
    validated.set(request, body);
  }
  return body;
}

async function validate(context: ExecutionContext, raw: unknown): Promise<unknown> {
  const controller = context.getClass();
  const handler = context.getHandler();
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler.name) ?? {}) as Record<
    string,
    { index: number; data?: string }
  >;
  const bodyKey = Object.keys(args).find((key) => key.startsWith(`${RouteParamtypes.BODY}:`));
  if (!bodyKey) return raw;
  const { index, data } = args[bodyKey];
  const types = (Reflect.getMetadata(
    'design:paramtypes',
    controller.prototype as object,
    handler.name,
  ) ?? []) as Type[];
  const value = data ? (raw as Record<string, unknown> | undefined)?.[data] : raw;
  return pipe.transform(value, { type: 'body', metatype: types[index], data });
}
