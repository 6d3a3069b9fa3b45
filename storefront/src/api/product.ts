import { queryOptions } from '@tanstack/react-query';
import type { ApiAnswer } from '@zstore/contract/api';
import { apiRequest } from './client';
import { queryKeys, type Audience } from './queryKeys';

/**
 * The home tiles. The page preloads the public answer, and a browser hands a preload to any
 * fetch of the same address whatever its headers: the trade's request has an address of its own.
 */
export const fetchHomeProducts = (audience: Audience) =>
  apiRequest<ApiAnswer<'/product/gethomeproducts', 'get'>>(
    audience === 'trade' ? '/product/gethomeproducts?for=trade' : '/product/gethomeproducts',
  );

export const fetchProduct = (id: string) =>
  apiRequest<ApiAnswer<'/product/eachproduct/{id}', 'get'>>(
    `/product/eachproduct/${encodeURIComponent(id)}`,
  );

export const homeProductsQuery = (audience: Audience) =>
  queryOptions({
    queryKey: queryKeys.homeProducts(audience),
    queryFn: () => fetchHomeProducts(audience),
  });

export const productQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.product(id), queryFn: () => fetchProduct(id) });
