import { apiRequest } from './client';
import type { GalleryImages } from './types';

export const fetchGalleryImages = () => apiRequest<GalleryImages>('/gallery/images');
