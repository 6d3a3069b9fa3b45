import type { FastifyRequest } from 'fastify';
import { ExtendRouteConfig, routeConfigOf } from './route-config.js';

/**
 * Where the spec's client reads an error on a route (DESIGN section 7): the text again in `msg`
 * or `error`, or `success: false` beside it.
 */
export type ClientErrorField = 'msg' | 'error' | 'success';

interface ErrorRouteConfig {
  clientErrorField?: ClientErrorField;
}

/**
 * Marks a route, or every route of a controller, with the field its errors also carry. Kept in
 * the route's Fastify config, so errors raised before Nest's handler (a malformed body) are
 * shaped alike. A route's own mark wins over its controller's.
 */
export function ClientErrorField(field: ClientErrorField) {
  return (target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    const mark = ExtendRouteConfig({ clientErrorField: field } satisfies ErrorRouteConfig);
    if (key !== undefined && descriptor) {
      mark(target, key, descriptor);
      return;
    }
    // A class decorator runs after its methods' decorators: mark the methods not marked yet.
    const prototype = (target as { prototype: object }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const method = Object.getOwnPropertyDescriptor(prototype, name);
      if (name === 'constructor' || typeof method?.value !== 'function') continue;
      if ((routeConfigOf(method.value as object) as ErrorRouteConfig).clientErrorField) continue;
      mark(prototype, name, method);
    }
  };
}

/** The fields an error body carries beside `message` and `code` on the request's route. */
export function clientErrorFields(request: FastifyRequest, message: string) {
  const config = request.routeOptions?.config as ErrorRouteConfig | undefined;
  switch (config?.clientErrorField) {
    case 'msg':
      return { msg: message };
    case 'error':
      return { error: message };
    case 'success':
      return { success: false };
    case undefined:
      return {};
  }
}
