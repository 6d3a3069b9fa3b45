import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { HttpStatus, Injectable } from '@nestjs/common';
import { withCompanions, type Statement } from '../../database/statement.js';
import { guardedUpdate } from '../../database/transactions.js';
import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { CommerceErrorCode } from '../../common/errors/commerce-errors.js';

export type Currency = 'ZCOIN' | 'POINT';

export interface LedgerLeg {
  account: string;
  currency: Currency;
  /** Paise for ZCOIN, hundredths of a point for POINT; positive credits the account. */
  amount: number;
}

export interface Movement {
  /** Unique per movement: posting the same key again does nothing (and says so). */
  key: string;
  kind: string;
  reference: string;
  legs: LedgerLeg[];
}

export const SystemAccount = {
  Upi: 'system:upi',
  Sales: 'system:sales',
  Admin: 'system:admin',
  Points: 'system:points',
  /** What the store pays out for delivery promises it missed. */
  Guarantee: 'system:guarantee',
} as const;

/** `$1`..`$6` of the statements that write a movement's entries: key, kind, reference, legs. */
const entryParameters = (movement: Movement, legs: LedgerLeg[]) => [
  movement.key,
  movement.kind,
  movement.reference,
  legs.map((leg) => leg.account),
  legs.map((leg) => leg.currency),
  legs.map((leg) => leg.amount),
];

/** A customer's account: `wallet:<userid>` or `points:<userid>`. */
const USER_ACCOUNT = /^(wallet|points):\d+$/;

export const walletAccount = (userid: number) => `wallet:${userid}`;
export const pointsAccount = (userid: number) => `points:${userid}`;

/** A guarded debit found too little on the account; the caller's transaction must roll back. */
export class InsufficientFundsError extends AppError {
  constructor(readonly currency: Currency) {
    super(CommerceErrorCode.InsufficientBalance, Messages.insufficientBalance, HttpStatus.CONFLICT);
  }
}

/** A user whose cached balances disagree with their entries (or went negative). */
interface BalanceMismatch {
  userid: number;
  /** Paise. */
  balance: number;
  /** Hundredths of a point. */
  points: number;
  walletSum: number;
  pointsSum: number;
}

/** One entry of an account's statement; amounts as the ledger keeps them (paise or hundredths). */
export interface LedgerStatementLine {
  movementKey: string;
  kind: string;
  reference: string;
  amount: number;
  /** The account's balance after this entry. */
  balanceAfter: number;
  createdAt: Date;
}

export interface LedgerReport {
  ok: boolean;
  problems: string[];
}

/**
 * The double-entry ledger. Every movement is two or more entries summing to zero per currency,
 * posted in the caller's transaction together with the guarded update of the users' cached
 * balances (`balance` in paise, `points` in hundredths), so both commit or neither does.
 */
@Injectable()
export class LedgerService {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /**
   * Returns false when a movement with this key was already posted (nothing changes).
   * `companions` are the caller's own writes, sent in the movement's first statement
   * (`withCompanions`) as if run just ahead of it: written whether or not the key was posted.
   */
  async post(movement: Movement, companions: Statement[] = []): Promise<boolean> {
    const legs = movement.legs.filter((leg) => leg.amount !== 0);
    const sums = new Map<Currency, number>();
    for (const leg of legs) {
      if (!Number.isSafeInteger(leg.amount)) {
        throw new Error(`ledger amounts are integers, got ${leg.amount}`);
      }
      sums.set(leg.currency, (sums.get(leg.currency) ?? 0) + leg.amount);
    }
    if (legs.length < 2 || [...sums.values()].some((sum) => sum !== 0)) {
      throw new Error(`unbalanced movement ${movement.key}`);
    }
    const userLegs = legs
      .filter((leg) => USER_ACCOUNT.test(leg.account))
      .sort((a, b) => a.amount - b.amount || a.account.localeCompare(b.account));
    const holders = new Set(userLegs.map((leg) => leg.account.split(':')[1]));
    return holders.size <= 1
      ? this.postForOneHolder(movement, legs, userLegs, companions)
      : this.postAcrossHolders(movement, legs, userLegs, companions);
  }

  /**
   * The common case, one customer's wallet or points (or neither) against system accounts: the
   * movement, its entries and the guarded change of the cached balances in one statement.
   */
  private async postForOneHolder(
    movement: Movement,
    legs: LedgerLeg[],
    userLegs: LedgerLeg[],
    companions: Statement[],
  ) {
    const delta = (kind: 'wallet' | 'points') =>
      userLegs
        .filter((leg) => leg.account.startsWith(`${kind}:`))
        .reduce((sum, leg) => sum + leg.amount, 0);
    const holder = userLegs.length ? Number(userLegs[0].account.split(':')[1]) : null;
    const post = withCompanions(
      {
        sql: `WITH movement AS (
         INSERT INTO ledger_movements (key, kind, reference) VALUES ($1, $2, $3)
         ON CONFLICT (key) DO NOTHING RETURNING key
       ), entries AS (
         INSERT INTO ledger_entries (movement_key, account, currency, amount, kind, reference)
         SELECT movement.key, t.account, t.currency::ledger_currency, t.amount, $2, $3
         FROM movement, unnest($4::text[], $5::text[], $6::bigint[]) AS t(account, currency, amount)
       ), holder AS (
         UPDATE users SET balance = balance + $8, points = points + $9, updated_at = now()
         WHERE userid = $7 AND EXISTS (SELECT 1 FROM movement)
           AND balance + $8 >= 0 AND points + $9 >= 0
         RETURNING userid
       )
       SELECT (SELECT count(*) FROM movement)::int AS posted, (SELECT count(*) FROM holder)::int AS moved`,
        parameters: [...entryParameters(movement, legs), holder, delta('wallet'), delta('points')],
      },
      companions,
    );
    const [result] = await this.txHost.tx.query<Array<{ posted: number; moved: number }>>(
      post.sql,
      post.parameters,
    );
    if (result.posted === 0) return false;
    if (holder !== null && result.moved !== 1) {
      throw new InsufficientFundsError(userLegs[0].currency);
    }
    return true;
  }

  /**
   * A movement between customers: their cached balances change last, one statement each, in a
   * stable order (debits before credits, then by account), so two such movements lock the rows
   * in the same order.
   */
  private async postAcrossHolders(
    movement: Movement,
    legs: LedgerLeg[],
    userLegs: LedgerLeg[],
    companions: Statement[],
  ) {
    const claim = withCompanions(
      {
        sql: `INSERT INTO ledger_movements (key, kind, reference) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING RETURNING key`,
        parameters: [movement.key, movement.kind, movement.reference],
      },
      companions,
    );
    const inserted: unknown[] = await this.txHost.tx.query(claim.sql, claim.parameters);
    if (inserted.length === 0) return false;

    await this.txHost.tx.query(
      `INSERT INTO ledger_entries (movement_key, account, currency, amount, kind, reference)
       SELECT $1, account, currency::ledger_currency, amount, $2, $3
       FROM unnest($4::text[], $5::text[], $6::bigint[]) AS t(account, currency, amount)`,
      [...entryParameters(movement, legs)],
    );
    for (const leg of userLegs) {
      const [kind, userid] = leg.account.split(':');
      const column = kind === 'wallet' ? 'balance' : 'points';
      const moved = await guardedUpdate<Record<string, string>>(
        this.txHost.tx,
        `UPDATE users SET ${column} = ${column} + $2, updated_at = now()
         WHERE userid = $1 AND ${column} + $2 >= 0 RETURNING ${column}`,
        [Number(userid), leg.amount],
      );
      if (moved === undefined) throw new InsufficientFundsError(leg.currency);
    }
    return true;
  }

  /**
   * An account's entries created in `[from, to)`, oldest first, each with the account's balance
   * after it (the running sum of every entry before it, the period's earlier ones included).
   * SQL: a window sum over the account's entries, a report no repository call expresses.
   */
  accountStatement(
    account: string,
    currency: Currency,
    from: Date,
    to: Date,
  ): Promise<LedgerStatementLine[]> {
    return this.txHost.tx.query<LedgerStatementLine[]>(
      `SELECT movement_key AS "movementKey", kind, reference, amount::float8 AS amount,
              "balanceAfter"::float8 AS "balanceAfter", created_at AS "createdAt"
       FROM (
         SELECT id, movement_key, kind, reference, amount, created_at,
                sum(amount) OVER (ORDER BY id) AS "balanceAfter"
           FROM ledger_entries WHERE account = $1 AND currency = $2
       ) entries
       WHERE created_at >= $3 AND created_at < $4 ORDER BY id`,
      [account, currency, from, to],
    );
  }

  /**
   * A customer's points (hundredths), locked until the transaction ends, so a take-back sized
   * to what they hold cannot race a redemption.
   */
  async lockPoints(userid: number): Promise<number> {
    const rows = await this.txHost.tx.query<Array<{ points: string }>>(
      `SELECT points FROM users WHERE userid = $1 FOR UPDATE`,
      [userid],
    );
    return rows.length ? Number(rows[0].points) : 0;
  }

  /**
   * The invariants every money test checks: each cached balance equals its account's entries,
   * entries sum to zero per currency, nothing is negative.
   */
  async check(): Promise<LedgerReport> {
    const problems: string[] = [];
    const sums: Array<{ currency: Currency; total: string }> = await this.txHost.tx.query(
      `SELECT currency, sum(amount)::text AS total FROM ledger_entries GROUP BY currency`,
    );
    for (const { currency, total } of sums.map((row) => ({ ...row, total: Number(row.total) }))) {
      if (total !== 0) problems.push(`${currency} entries sum to ${total}`);
    }
    // Amounts as float8: exact for any whole number of paise below 2^53.
    const mismatched: BalanceMismatch[] = await this.txHost.tx.query(
      `SELECT u.userid::float8 AS userid, u.balance::float8 AS balance, u.points::float8 AS points,
              coalesce(w.total, 0)::float8 AS "walletSum", coalesce(p.total, 0)::float8 AS "pointsSum"
         FROM users u
         LEFT JOIN (SELECT account, sum(amount) AS total FROM ledger_entries WHERE currency = 'ZCOIN' GROUP BY account) w
           ON w.account = 'wallet:' || u.userid
         LEFT JOIN (SELECT account, sum(amount) AS total FROM ledger_entries WHERE currency = 'POINT' GROUP BY account) p
           ON p.account = 'points:' || u.userid
         WHERE u.balance <> coalesce(w.total, 0) OR u.points <> coalesce(p.total, 0) OR u.balance < 0 OR u.points < 0`,
    );
    for (const user of mismatched) {
      problems.push(
        `user ${user.userid}: balance ${user.balance} vs entries ${user.walletSum}, points ${user.points} vs entries ${user.pointsSum}`,
      );
    }
    const orphans: Array<{ account: string }> = await this.txHost.tx.query(
      `SELECT DISTINCT account FROM ledger_entries
       WHERE account ~ '^(wallet|points):' AND NOT EXISTS (
         SELECT 1 FROM users u WHERE account IN ('wallet:' || u.userid, 'points:' || u.userid))`,
    );
    for (const row of orphans) problems.push(`entries for unknown account ${row.account}`);
    const unbalanced: Array<{ movement_key: string }> = await this.txHost.tx.query(
      `SELECT movement_key FROM ledger_entries GROUP BY movement_key, currency HAVING sum(amount) <> 0 LIMIT 10`,
    );
    for (const { movement_key: movementKey } of unbalanced) {
      problems.push(`movement ${movementKey} does not balance`);
    }
    return { ok: problems.length === 0, problems };
  }
}
