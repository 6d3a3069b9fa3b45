import { queryOptions } from '@tanstack/react-query';
import type { ApiAnswer } from '@zstore/contract/api';
import { apiRequest } from './client';
import { queryKeys } from './queryKeys';

export const fetchHomeProducts = () =>
  apiRequest<ApiAnswer<'/product/gethomeproducts', 'get'>>('/product/gethomeproducts');

export const fetchProduct = (id: string) =>
  apiRequest<ApiAnswer<'/product/eachproduct/{id}', 'get'>>(
    `/product/eachproduct/${encodeURIComponent(id)}`,
  );

export const homeProductsQuery = () =>
  queryOptions({ queryKey: queryKeys.homeProducts(), queryFn: fetchHomeProducts });

export const productQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.product(id), queryFn: () => fetchProduct(id) });
