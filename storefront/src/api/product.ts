import type { ApiAnswer } from '@api-contract';
import { apiRequest } from './client';

export const fetchHomeProducts = () =>
  apiRequest<ApiAnswer<'/product/gethomeproducts', 'get'>>('/product/gethomeproducts');

export const fetchProduct = (id: string) =>
  apiRequest<ApiAnswer<'/product/eachproduct/{id}', 'get'>>(
    `/product/eachproduct/${encodeURIComponent(id)}`,
  );
