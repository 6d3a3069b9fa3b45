import { queryOptions } from '@tanstack/react-query';
import type { ApiAnswer } from '@zstore/contract/api';
import { apiRequest } from './client';
import { queryKeys, type Audience } from './queryKeys';

export const fetchItems = (productId: string) =>
  apiRequest<ApiAnswer<'/item/{productId}', 'get'>>(`/item/${encodeURIComponent(productId)}`);

export const itemsQuery = (productId: string, audience: Audience) =>
  queryOptions({
    queryKey: queryKeys.items(productId, audience),
    queryFn: () => fetchItems(productId),
  });
