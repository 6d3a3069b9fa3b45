import CategoryIcon from '@mui/icons-material/Category';
import { lazy } from 'react';
import type { Item } from '@/types';

export default {
  list: lazy(() => import('@/items/ItemList')),
  icon: CategoryIcon,
  recordRepresentation: (record: Item) => `${record.name} (${record.itemid})`,
};

export const ItemCreate = lazy(() => import('@/items/ItemCreate'));
