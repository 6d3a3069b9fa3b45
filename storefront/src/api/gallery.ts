import { queryOptions } from '@tanstack/react-query';
import { answerOf, api } from './client';
import { queryKeys } from './queryKeys';
import type { GalleryImages } from './types';

export const fetchGalleryImages = () => answerOf<GalleryImages>(api.GET('/api/gallery/images'));

export const galleryQuery = () =>
  queryOptions({ queryKey: queryKeys.gallery(), queryFn: fetchGalleryImages });
