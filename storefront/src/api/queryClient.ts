import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';
import { queryKeys } from './queryKeys';

/** The catalogue changes rarely: a minute-old answer is shown without asking again. */
const CATALOGUE_STALE_MS = 60_000;
/** Account data is read again on focus once this old; money moves invalidate it at once. */
const ACCOUNT_STALE_MS = 30_000;
const MAX_RETRIES = 2;

/** A refusal (4xx) stays a refusal: only lost answers and server errors are asked again. */
export function shouldRetry(failureCount: number, failure: unknown): boolean {
  if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: ACCOUNT_STALE_MS,
        refetchOnWindowFocus: true,
      },
    },
  });
  client.setQueryDefaults(queryKeys.catalogue, {
    staleTime: CATALOGUE_STALE_MS,
    refetchOnWindowFocus: false,
  });
  return client;
}

/** Signing out forgets everything but the catalogue, so the next account never sees this one's. */
export function forgetAccountData(client: QueryClient) {
  client.removeQueries({
    predicate: (query) => query.queryKey[0] !== queryKeys.catalogue[0],
  });
}
