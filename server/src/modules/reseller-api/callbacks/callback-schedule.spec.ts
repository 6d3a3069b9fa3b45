import { CALLBACK_GIVE_UP_MS, nextTry } from './callback-schedule.js';

describe('callback backoff', () => {
  it('waits 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, tries once more at 24 h, then gives up', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    const giveUpAt = new Date(created.getTime() + CALLBACK_GIVE_UP_MS);
    const tries: number[] = [];
    let now = created;
    for (let attempts = 1; ; attempts++) {
      const next = nextTry(attempts, now, giveUpAt);
      if (!next) break;
      tries.push((next.getTime() - created.getTime()) / 60_000);
      now = next;
    }
    expect(tries).toEqual([1, 6, 36, 156, 516, 1236, 1440]);
  });
});
