import { apiRequest } from './client';
import type { Item } from './types';

export const fetchItems = (productId: string) =>
  apiRequest<{ items: Item[] }>(`/item/${encodeURIComponent(productId)}`);
