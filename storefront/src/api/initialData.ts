import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './queryKeys';

/** The answers the server drew the page's first screen from (server/src/http/storefront-shell.ts). */
interface InitialData {
  homeProducts?: unknown;
  gallery?: unknown;
  product?: { id: string; answer: unknown };
  items?: { id: string; answer: unknown };
}

function readInitialData(): InitialData | null {
  const element = document.getElementById('initial-data');
  if (!element?.textContent) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent) as InitialData;
  } catch {
    return null;
  }
}

/**
 * Puts the answers the page came with into the query cache, so the app's first render shows what
 * the server already drew instead of loading it again. The home tiles and the packs are the public
 * ones: a reseller's are read as before.
 */
export function seedInitialData(client: QueryClient): QueryClient {
  const data = readInitialData();
  if (!data) return client;
  if (data.homeProducts) client.setQueryData(queryKeys.homeProducts('public'), data.homeProducts);
  if (data.gallery) client.setQueryData(queryKeys.gallery(), data.gallery);
  if (data.product) client.setQueryData(queryKeys.product(data.product.id), data.product.answer);
  if (data.items) client.setQueryData(queryKeys.items(data.items.id, 'public'), data.items.answer);
  return client;
}
