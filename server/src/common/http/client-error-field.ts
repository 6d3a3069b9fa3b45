import { METHOD_METADATA } from '@nestjs/common/constants.js';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants.js';
import type { FastifyRequest } from 'fastify';

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
 * shaped alike.
 */
export function ClientErrorField(field: ClientErrorField) {
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    for (const handler of descriptor ? [descriptor.value as object] : routeHandlers(target)) {
      const config = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) ??
        {}) as ErrorRouteConfig;
      Reflect.defineMetadata(
        FASTIFY_ROUTE_CONFIG_METADATA,
        { ...config, clientErrorField: field },
        handler,
      );
    }
  };
}

/** The handlers of a controller class (class decorators run after the method decorators). */
function routeHandlers(controller: object): object[] {
  const prototype = (controller as { prototype: object }).prototype;
  return Object.getOwnPropertyNames(prototype)
    .map((name) => Object.getOwnPropertyDescriptor(prototype, name)?.value as unknown)
    .filter(
      (value): value is object =>
        typeof value === 'function' && Reflect.hasMetadata(METHOD_METADATA, value),
    );
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
