import InventoryIcon from '@mui/icons-material/Inventory2';
import { lazy } from 'react';
import type { Product } from '@/types';

export default {
  list: lazy(() => import('@/products/ProductList')),
  icon: InventoryIcon,
  recordRepresentation: (record: Product) => record.name,
};

export const ProductCreate = lazy(() => import('@/products/ProductCreate'));
