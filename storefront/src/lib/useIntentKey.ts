import { useCallback, useRef } from 'react';
import { ApiError, newIdempotencyKey } from '@/api/client';

const IN_PROGRESS = 'IDEMPOTENCY_IN_PROGRESS';

/**
 * The Idempotency-Key of one money-moving intent (an order, a top-up, a redemption). Every
 * retry of the same intent sends the same key, so a request whose answer was lost is carried
 * out once; a new key is minted when the intent's inputs change or after it was settled.
 */
export function useIntentKey() {
  const current = useRef<{ intent: string; key: string } | null>(null);

  const keyFor = useCallback((intent: unknown) => {
    const fingerprint = JSON.stringify(intent);
    if (current.current?.intent !== fingerprint) {
      current.current = { intent: fingerprint, key: newIdempotencyKey() };
    }
    return current.current.key;
  }, []);

  /** The intent is over: the next attempt is a new one. */
  const settle = useCallback(() => {
    current.current = null;
  }, []);

  /** Settles the intent when the store gave a definite answer; keeps it when the outcome is unknown. */
  const settleIfDefinite = useCallback(
    (failure: unknown) => {
      if (isDefiniteRefusal(failure)) settle();
    },
    [settle],
  );

  return { keyFor, settle, settleIfDefinite };
}

/**
 * True when the store refused the request for good (bad input, insufficient balance...). A lost
 * answer, a server error or a duplicate still running leave the outcome open: retry, same key.
 */
export function isDefiniteRefusal(failure: unknown): boolean {
  return (
    failure instanceof ApiError &&
    failure.status >= 400 &&
    failure.status < 500 &&
    failure.code !== IN_PROGRESS
  );
}
