// The API's request and answer types for the storefront and the console, read from the types
// generated out of the server's OpenAPI document (`npm run api:types`). Routes are written as
// the clients call them, without the `/api` prefix, e.g. ApiAnswer<'/order/{userid}', 'get'>.
import type { components, paths } from './generated.js';

export type Schemas = components['schemas'];

type Method = 'get' | 'post' | 'put' | 'delete';
type Unprefixed<Key> = Key extends `/api${infer Route}` ? Route : never;

/** Every API route, as the clients write it. */
export type ApiRoute = Unprefixed<keyof paths>;

type Operation<R extends ApiRoute, M extends Method> = NonNullable<paths[`/api${R}`][M]>;
type Json<Message> = Message extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body of the route's success answer (200 or 201). */
export type ApiAnswer<R extends ApiRoute, M extends Method> =
  Operation<R, M> extends { responses: infer Responses }
    ? Json<Responses[200 & keyof Responses]> | Json<Responses[201 & keyof Responses]>
    : never;

/** The JSON body the route takes. */
export type ApiBody<R extends ApiRoute, M extends Method> =
  Operation<R, M> extends { requestBody?: infer Body } ? Json<NonNullable<Body>> : never;

/** The API's paths as generated (with the `/api` prefix), for typed clients such as openapi-fetch. */
export type ApiPaths = paths;
