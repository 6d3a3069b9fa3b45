import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, HttpError, type DataProvider } from 'react-admin';
import { getToken } from '@/authProvider';

export const apiUrl = '/api/admin/rest';

/** fetchJson with the admin's bearer token; errors carry the server's `message` (or `msg`). */
export const httpClient = async (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (error) {
    if (error instanceof HttpError) {
      const body = error.body as { message?: unknown; msg?: unknown } | undefined;
      const text = [body?.message, body?.msg].find((value) => typeof value === 'string' && value);
      throw new HttpError((text as string | undefined) ?? error.message, error.status, error.body);
    }
    throw error;
  }
};

/**
 * Console resources are named after the spec's routes (`/admin/usersdata`); the REST surface
 * names them after the data (`/api/admin/rest/users`).
 */
const restPaths: Record<string, string> = {
  usersdata: 'users',
  txn: 'orders',
  wallettxn: 'wallet-transactions',
  admingallery: 'gallery',
  viewitems: 'items',
  viewproducts: 'products',
  getcoupons: 'coupons',
  auditlog: 'audit-log',
};

const toRest = (resource: string) => restPaths[resource] ?? resource;

const restProvider = simpleRestProvider(apiUrl, httpClient);

export const dataProvider: DataProvider = {
  ...restProvider,
  getList: (resource, params) => restProvider.getList(toRest(resource), params),
  getOne: (resource, params) => restProvider.getOne(toRest(resource), params),
  getMany: (resource, params) => restProvider.getMany(toRest(resource), params),
  getManyReference: (resource, params) => restProvider.getManyReference(toRest(resource), params),
  update: (resource, params) => restProvider.update(toRest(resource), params),
  updateMany: (resource, params) => restProvider.updateMany(toRest(resource), params),
  create: (resource, params) => restProvider.create(toRest(resource), params),
  delete: (resource, params) => restProvider.delete(toRest(resource), params),
  deleteMany: (resource, params) => restProvider.deleteMany(toRest(resource), params),
};
