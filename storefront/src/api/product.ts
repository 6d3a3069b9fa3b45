import { queryOptions } from '@tanstack/react-query';
import { answerOf, api } from './client';
import { queryKeys, type Audience } from './queryKeys';

/**
 * The home tiles. The page preloads the public answer, and a browser hands a preload to any
 * fetch of the same address whatever its headers: the trade's request has an address of its own.
 */
export const fetchHomeProducts = (audience: Audience) =>
  answerOf(
    api.GET(
      '/api/product/gethomeproducts',
      audience === 'trade' ? { querySerializer: () => 'for=trade' } : {},
    ),
  );

export const fetchProduct = (id: string) =>
  answerOf(api.GET('/api/product/eachproduct/{id}', { params: { path: { id } } }));

export const homeProductsQuery = (audience: Audience) =>
  queryOptions({
    queryKey: queryKeys.homeProducts(audience),
    queryFn: () => fetchHomeProducts(audience),
  });

export const productQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.product(id), queryFn: () => fetchProduct(id) });
