import { apiRequest } from './client';
import type { HomeProducts, Product } from './types';

export const fetchHomeProducts = () => apiRequest<HomeProducts>('/product/gethomeproducts');

export const fetchProduct = (id: string) =>
  apiRequest<{ product: Product }>(`/product/eachproduct/${encodeURIComponent(id)}`);
