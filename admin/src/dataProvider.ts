import simpleRestProvider from 'ra-data-simple-rest';
import { useMemo } from 'react';
import { useDataProvider, type DataProvider, type GetManyParams, type RaRecord } from 'react-admin';
import { adminCall, httpClient } from '@/httpClient';
import { resellerApi } from '@/resellers/resellerApi';
import { KEYSET_RESOURCES, KeysetPages } from '@/keysetPages';
import { readToken } from '@/session';
import type {
  AdminAnswer,
  AdminStats,
  GalleryImage,
  OpenAlert,
  Order,
  OrderPack,
  PendingOrderAction,
  PointsAnswer,
  PointsRegion,
} from '@/types';

export const apiUrl = '/api/admin/rest';

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
const keysetPages = new KeysetPages(apiUrl);

const id = (value: string) => encodeURIComponent(value);

export interface ItemPriceChange {
  _id: string;
  price: number;
  resellPrice: number;
  itemInstock: boolean;
}

export interface ProductStockChange {
  _id: string;
  instock: boolean;
  importantNote: string;
}

export interface AddBalanceParams {
  userId: number;
  email: string;
  /** Rupees. */
  amount: number;
  idempotencyKey: string;
}

/** The spec's `/api/admin/*` calls that are not a REST resource, as dataProvider methods. */
const adminMethods = {
  ...resellerApi,
  stats: () => adminCall<AdminStats>('/stats'),
  openAlerts: async () => {
    const { data } = await adminCall<{ alerts: OpenAlert[] }>('/alerts');
    return { data: data.alerts };
  },
  supplierPoints: (region: PointsRegion) =>
    adminCall<PointsAnswer>(region === 'BR' ? '/querypoints' : '/querypoints/ph', {
      method: 'POST',
      body: {},
    }),
  pendingOrders: () => adminCall<Order[]>('/processing'),
  orderPacks: (orderId: string) => adminCall<OrderPack[]>(`/orders/${id(orderId)}/packs`),
  updatePendingOrder: ({
    orderId,
    status,
    reason,
  }: {
    orderId: string;
    status: PendingOrderAction;
    reason: string;
  }) => {
    const trimmed = reason.trim();
    const path = `/updateorder/${id(orderId)}/${status}`;
    return adminCall<AdminAnswer>(trimmed ? `${path}/${id(trimmed)}` : path);
  },
  retryDelivery: (orderId: string) =>
    adminCall<AdminAnswer>(`/orders/${id(orderId)}/retry-delivery`, { method: 'POST', body: {} }),
  settlePack: ({
    orderId,
    pack,
    delivered,
  }: {
    orderId: string;
    pack: number;
    delivered: boolean;
  }) =>
    adminCall<AdminAnswer>(`/orders/${id(orderId)}/settle-pack`, {
      method: 'POST',
      body: { pack, delivered },
    }),
  updateItemPrice: ({ _id, ...change }: ItemPriceChange) =>
    adminCall<AdminAnswer>(`/updateitem/${id(_id)}`, { method: 'POST', body: change }),
  updateProductStock: (change: ProductStockChange) =>
    adminCall<AdminAnswer>('/updateproduct', { method: 'POST', body: change }),
  addBalance: ({ idempotencyKey, ...body }: AddBalanceParams) =>
    adminCall<AdminAnswer>('/adduserbalance', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  voidReferral: ({ id: referralId, reason }: { id: string; reason: string }) =>
    adminCall<{ id: string; status: string; clawedBackPoints: number }>(
      `/rest/referrals/${id(referralId)}/void`,
      { method: 'POST', body: { reason } },
    ),
  uploadImage: (form: FormData) =>
    adminCall<GalleryImage>('/uploadimage', { method: 'POST', body: form }),
};

export type AdminDataProvider = DataProvider & typeof adminMethods;

export const dataProvider: AdminDataProvider = {
  ...restProvider,
  getList: (resource, params) =>
    KEYSET_RESOURCES.has(toRest(resource))
      ? keysetPages.getList(toRest(resource), params)
      : restProvider.getList(toRest(resource), params),
  getOne: (resource, params) => restProvider.getOne(toRest(resource), params),
  // ra-data-simple-rest asks for the ids without a range, and the server answers a default page
  // of 25: the range here covers every id asked.
  getMany: async <RecordType extends RaRecord>(
    resource: string,
    { ids, signal }: GetManyParams<RecordType>,
  ) => {
    const { data } = await restProvider.getList<RecordType>(toRest(resource), {
      pagination: { page: 1, perPage: Math.max(1, ids.length) },
      sort: { field: 'id', order: 'ASC' },
      filter: { id: ids },
      signal,
    });
    return { data };
  },
  getManyReference: (resource, params) => restProvider.getManyReference(toRest(resource), params),
  update: (resource, params) => restProvider.update(toRest(resource), params),
  updateMany: (resource, params) => restProvider.updateMany(toRest(resource), params),
  create: (resource, params) => restProvider.create(toRest(resource), params),
  delete: (resource, params) => restProvider.delete(toRest(resource), params),
  deleteMany: (resource, params) => restProvider.deleteMany(toRest(resource), params),
  ...adminMethods,
};

/** A call that signed the admin out (a 401 or 403): the console is on its way to the login page. */
export class SignedOutError extends Error {
  constructor() {
    super('ra.notification.logged_out');
  }
}

export const isSignedOut = (error: unknown): boolean => error instanceof SignedOutError;

type AdminMethod = keyof typeof adminMethods;

/**
 * The console's calls through the dataProvider as react-admin hands it out: a 401 or 403 goes
 * through authProvider.checkError and signs the admin out. react-admin then answers `{ data: {} }`;
 * here that call fails with a SignedOutError instead, so no success is shown for it.
 */
export const useAdminDataProvider = (): typeof adminMethods => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  return useMemo(() => {
    const signedIn =
      (name: AdminMethod) =>
      async (...args: unknown[]) => {
        const call = dataProvider[name] as (...params: unknown[]) => Promise<unknown>;
        const answer = await call(...args);
        if (readToken() === null) throw new SignedOutError();
        return answer;
      };
    const names = Object.keys(adminMethods) as AdminMethod[];
    return Object.fromEntries(names.map((name) => [name, signedIn(name)])) as typeof adminMethods;
  }, [dataProvider]);
};
