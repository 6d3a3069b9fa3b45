export const FALLBACK_TILE_IMAGE = '/images/fallback-tile.svg';

/** Image paths from the server are relative to the site root (e.g. uploads/...). */
export function assetUrl(path: string | undefined | null): string {
  if (!path) return FALLBACK_TILE_IMAGE;
  if (/^(https?:)?\/\//.test(path) || path.startsWith('data:') || path.startsWith('/')) {
    return path;
  }
  return `/${path}`;
}
