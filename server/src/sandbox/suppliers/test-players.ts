import { Messages } from '@zstore/contract/messages';

/**
 * The fixed test players of DESIGN section 9, shared by the Smile.one and MooGold simulators:
 * what a player check answers for an MLBB user id and zone, and what a purchase does.
 */

export const REGION_BAN_TEXT =
  'According to the request of the mlbb team, we do not support recharge for users in Indonesia, Malaysia, the Philippines, Singapore, and Russia for the time being.';
export const PAIR_NOT_FOUND = { code: 20003, message: 'USER ID ou Zone ID não existe' };
export const USER_NOT_FOUND = { code: 20004, message: 'USER ID não existe' };
/** Status of the per-account notices; the real code is not documented (PROVIDERS.md 7). */
export const NOTICE_STATUS = 202;
export const REGION_BAN_STATUS = 201;
/** How long a `...99` player's purchase keeps its answer after charging. */
export const HOLD_MS = 30_000;
/** How long a MooGold order stays `processing`. */
export const SETTLE_MS = 1_000;

interface Fixture {
  zone: string;
  username: string;
  use?: string;
  country?: string;
  notice?: string;
}

const FIXTURES: Record<string, Fixture> = {
  '10000001': { zone: '1001', username: 'SandboxHero' },
  '20000002': { zone: '2002', username: 'IndoPlayer', use: 'b' },
  '30000003': { zone: '3003', username: 'BannedRegion', country: 'PH' },
  '40000004': {
    zone: '4004',
    username: 'MalaysiaLimit',
    notice: Messages.supplierNoticeMalaysiaLimit,
  },
  '50000005': { zone: '5005', username: 'FeeNotice', notice: Messages.supplierNoticePhSgFee },
  '60000006': {
    zone: '6006',
    username: 'RechargeFailed',
    notice: Messages.supplierNoticeRechargeFailed,
  },
};
const BANNED_ON_BR = new Set(['ID', 'MY', 'PH', 'SG', 'RU']);

export type RoleAnswer =
  | { ok: true; username: string; use: string; zone: number }
  | { ok: false; code: number; message: string };

/** The check-id table: `region` is the catalogue asked (the ban applies to Brazil's only). */
export function roleOf(userid: string, zoneid: string, region: 'BR' | 'PH'): RoleAnswer {
  const fixture = FIXTURES[userid];
  if (fixture) {
    if (zoneid !== fixture.zone) return { ok: false, ...USER_NOT_FOUND };
    if (fixture.notice) return { ok: false, code: NOTICE_STATUS, message: fixture.notice };
    if (region === 'BR' && fixture.country && BANNED_ON_BR.has(fixture.country)) {
      return { ok: false, code: REGION_BAN_STATUS, message: REGION_BAN_TEXT };
    }
    return { ok: true, username: fixture.username, use: fixture.use ?? 'c', zone: 1 };
  }
  // A `...13` player does not exist: the check says so, as the purchase does (`deliveryOf`).
  if (
    userid === '11111111' ||
    deliveryOf(userid) === 'refused' ||
    !/^\d{6,12}$/.test(userid) ||
    !/^\d{1,5}$/.test(zoneid)
  ) {
    return { ok: false, ...PAIR_NOT_FOUND };
  }
  return { ok: true, username: `Player${userid.slice(-4)}`, use: 'c', zone: 1 };
}

/** A player id (any game) that is not one of the MLBB fixtures: only its shape matters. */
export function genericPlayerValid(playerId: string) {
  return /^\d{6,12}$/.test(playerId) && playerId !== '11111111';
}

/** The delivery table: `...13` refused as the player's fault, `...99` charged then held. */
export function deliveryOf(playerId: string): 'refused' | 'held' | 'delivered' {
  if (playerId.endsWith('13')) return 'refused';
  if (playerId.endsWith('99')) return 'held';
  return 'delivered';
}
