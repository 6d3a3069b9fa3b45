import { queryOptions } from '@tanstack/react-query';
import type { ApiAnswer } from '@zstore/contract/api';
import { apiRequest } from './client';
import { queryKeys } from './queryKeys';

export const fetchItems = (productId: string) =>
  apiRequest<ApiAnswer<'/item/{productId}', 'get'>>(`/item/${encodeURIComponent(productId)}`);

export const itemsQuery = (productId: string) =>
  queryOptions({ queryKey: queryKeys.items(productId), queryFn: () => fetchItems(productId) });
