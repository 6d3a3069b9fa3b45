import { queryOptions } from '@tanstack/react-query';
import { answerOf, api } from './client';
import { queryKeys, type Audience } from './queryKeys';

export const fetchItems = (productId: string) =>
  answerOf(api.GET('/api/item/{productId}', { params: { path: { productId } } }));

export const itemsQuery = (productId: string, audience: Audience) =>
  queryOptions({
    queryKey: queryKeys.items(productId, audience),
    queryFn: () => fetchItems(productId),
  });
