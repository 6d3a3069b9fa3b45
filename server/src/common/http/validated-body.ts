import { Body, type ExecutionContext, type Type } from '@nestjs/common';
import { createValidationPipe } from './validation.js';

const pipe = createValidationPipe();
const validated = new WeakMap<object, Promise<unknown>>();

const EDGE_BODY_KEY = 'http:edge-body';

/**
 * `@Body()` on a route whose edge reads the body (rate limits keyed by a body field, an
 * `Idempotency-Key`): the edge validates it as the handler will receive it, so a refused body
 * claims no key and spends no limit.
 */
export function EdgeBody(): ParameterDecorator {
  return (target, key, index) => {
    if (key === undefined) throw new TypeError('@EdgeBody() marks a route handler argument');
    Body()(target, key, index);
    const types = (Reflect.getMetadata('design:paramtypes', target, key) ?? []) as Type[];
    Reflect.defineMetadata(EDGE_BODY_KEY, types[index], target, key);
  };
}

/**
 * The route's `@EdgeBody()` as its handler will receive it (validated and transformed by the
 * global pipe, which answers the same 400 for a bad body), for edge concerns that run before
 * the handler but must behave as if they ran after validation. Computed once per request; the
 * raw body on a route without `@EdgeBody()`.
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
  const { prototype } = context.getClass() as { prototype: object };
  const handler = context.getHandler().name;
  if (!Reflect.hasMetadata(EDGE_BODY_KEY, prototype, handler)) return raw;
  const metatype = Reflect.getMetadata(EDGE_BODY_KEY, prototype, handler) as Type | undefined;
  return pipe.transform(raw, { type: 'body', metatype });
}
