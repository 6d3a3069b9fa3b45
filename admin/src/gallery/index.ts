import CollectionsIcon from '@mui/icons-material/Collections';
import { lazy } from 'react';
import type { GalleryImage } from '@/types';

export default {
  list: lazy(() => import('@/gallery/GalleryList')),
  icon: CollectionsIcon,
  recordRepresentation: (record: GalleryImage) => record.title,
};
