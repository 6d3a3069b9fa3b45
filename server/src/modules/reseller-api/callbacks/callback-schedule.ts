/** Waits after each failed try: about 1 min, 5 min, 30 min, 2 h, 6 h, 12 h (RESELLER-API.md 4). */
export const CALLBACK_BACKOFF_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000];
/** Tried for this long after the event, then given up and shown as such. */
export const CALLBACK_GIVE_UP_MS = 24 * 3_600_000;

/** When the try after `attempts` failed ones is due, or undefined when it is time to give up. */
export function nextTry(attempts: number, now: Date, giveUpAt: Date): Date | undefined {
  if (now.getTime() >= giveUpAt.getTime()) return undefined;
  const wait = CALLBACK_BACKOFF_MS[Math.min(attempts, CALLBACK_BACKOFF_MS.length) - 1];
  return new Date(Math.min(now.getTime() + wait, giveUpAt.getTime()));
}
