import { startTransition, useCallback, useEffect, useState } from 'react';

export type AsyncState<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'error'; error: unknown };

export type AsyncResult<T> = AsyncState<T> & { reload: () => void };

interface Settled<T> {
  load: () => Promise<T>;
  attempt: number;
  state: AsyncState<T>;
}

/** Runs `load` on mount and whenever its identity changes; `reload` runs it again. */
export function useAsync<T>(load: () => Promise<T>): AsyncResult<T> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);

  useEffect(() => {
    let active = true;
    // A transition renders the answer in slices that leave the main thread free for input.
    const settle = (state: AsyncState<T>) =>
      startTransition(() => {
        if (active) setSettled({ load, attempt, state });
      });
    load()
      .then((data) => settle({ status: 'ready', data }))
      .catch((error: unknown) => settle({ status: 'error', error }));
    return () => {
      active = false;
    };
  }, [load, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  // A result belongs to one call: while a newer call runs, the state is loading again.
  const current =
    settled && settled.load === load && settled.attempt === attempt
      ? settled.state
      : ({ status: 'loading' } as const);
  return { ...current, reload };
}
