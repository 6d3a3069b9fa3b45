import { RouteConfig } from '@nestjs/platform-fastify';

/** What the store keeps in a route's Fastify config: read where Fastify answers before Nest does. */
export type RouteConfigPatch = Record<string, unknown>;

const configs = new WeakMap<object, RouteConfigPatch>();

/**
 * Adds `patch` to the decorated route's Fastify config (`@RouteConfig` sets the whole config, so
 * the store's decorators keep what each of them added and set it again, together).
 */
export function ExtendRouteConfig(patch: RouteConfigPatch): MethodDecorator {
  return (target, key, descriptor) => {
    const handler = descriptor.value as object;
    const config = { ...configs.get(handler), ...patch };
    configs.set(handler, config);
    RouteConfig(config)(target, key, descriptor);
  };
}

/** What the store's decorators put in the route's Fastify config so far. */
export function routeConfigOf(handler: object): Readonly<RouteConfigPatch> {
  return configs.get(handler) ?? {};
}
