import type { ApiAnswer } from '@api-contract';
import { apiRequest } from './client';

export const fetchItems = (productId: string) =>
  apiRequest<ApiAnswer<'/item/{productId}', 'get'>>(`/item/${encodeURIComponent(productId)}`);
