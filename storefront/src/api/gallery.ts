import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './client';
import { queryKeys } from './queryKeys';
import type { GalleryImages } from './types';

export const fetchGalleryImages = () => apiRequest<GalleryImages>('/gallery/images');

export const galleryQuery = () =>
  queryOptions({ queryKey: queryKeys.gallery(), queryFn: fetchGalleryImages });
