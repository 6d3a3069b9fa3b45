/**
 * Polls `probe` until it gives a truthy value and returns it; throws when `timeoutMs` runs out,
 * naming `what` was awaited, so a condition that never holds fails the test where it waited.
 */
export async function waitFor<T>(
  probe: () => T | undefined | null | false | PromiseLike<T | undefined | null | false>,
  timeoutMs = 15_000,
  what = 'the condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Reads until `done` holds for the value read, and returns that value; throws on timeout. */
export async function readUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  let last: T | undefined;
  const hit = await waitFor(
    async () => {
      last = await read();
      return done(last) ? { value: last } : undefined;
    },
    timeoutMs,
    'a value that passes the check',
  ).catch((error: Error) => {
    throw new Error(`${error.message}; last read: ${JSON.stringify(last)}`);
  });
  return hit.value;
}
