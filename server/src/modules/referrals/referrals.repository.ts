import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { ReferralCodeEntity } from './referral-code.entity.js';
import { ReferralDeviceEntity } from './referral-device.entity.js';
import { ReferralEntity, type ReferralStatus } from './referral.entity.js';

/** Letters and digits a person reads aloud without doubt (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

function newCode() {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

@Injectable()
export class ReferralsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get codes() {
    return this.txHost.tx.getRepository(ReferralCodeEntity);
  }

  private get referrals() {
    return this.txHost.tx.getRepository(ReferralEntity);
  }

  /** The customer's code, made on first use (a clash with another's code draws again). */
  async codeOf(userId: string): Promise<string> {
    const existing = await this.codes.findOneBy({ userId });
    if (existing) return existing.code;
    for (;;) {
      const inserted = await this.codes
        .createQueryBuilder()
        .insert()
        .values({ userId, code: newCode() })
        .orIgnore()
        .returning(['code'])
        .execute();
      const [made] = inserted.raw as Array<{ code: string }>;
      if (made) return made.code;
      const raced = await this.codes.findOneBy({ userId });
      if (raced) return raced.code;
    }
  }

  async ownerOfCode(code: string): Promise<string | undefined> {
    return (await this.codes.findOneBy({ code }))?.userId;
  }

  async rememberDevice(userId: string, deviceId: string) {
    await this.txHost.tx
      .getRepository(ReferralDeviceEntity)
      .upsert({ userId, deviceId, lastSeenAt: () => 'now()' }, ['userId', 'deviceId']);
  }

  async usedDevice(userId: string, deviceId: string) {
    return this.txHost.tx.getRepository(ReferralDeviceEntity).existsBy({ userId, deviceId });
  }

  async insert(
    referral: Pick<ReferralEntity, 'referrerId' | 'refereeId' | 'status' | 'refusedWhy'>,
  ) {
    await this.referrals.insert(referral);
  }

  /** The pending referral of a new customer, if any: one indexed lookup on every completion. */
  async pendingFor(refereeId: string) {
    return this.referrals.findOne({
      select: { id: true, referrerId: true },
      where: { refereeId, status: 'pending' },
    });
  }

  /** Rewards a referrer has earned since `since` (cut off by the monthly cap). */
  async rewardedSince(referrerId: string, since: Date) {
    return this.referrals
      .createQueryBuilder('r')
      .where('r.referrer_id = :referrerId', { referrerId })
      .andWhere(`r.status = 'rewarded'`)
      .andWhere('r.referrer_points > 0')
      .andWhere('r.rewarded_at >= :since', { since })
      .getCount();
  }

  /**
   * SQL: the guarded move that decides, among concurrent completions, which one rewards.
   * Returns the referral when this call moved it from `pending`.
   */
  async markRewarded(
    id: string,
    reward: { orderid: string; referrerPoints: number; refereePoints: number },
  ): Promise<boolean> {
    const [rows] = await this.txHost.tx.query<[Array<{ id: string }>, number]>(
      `UPDATE referrals
       SET status = 'rewarded', orderid = $2, referrer_points = $3, referee_points = $4,
           rewarded_at = now()
       WHERE id = $1 AND status = 'pending'
       RETURNING id`,
      [id, reward.orderid, reward.referrerPoints, reward.refereePoints],
    );
    return rows.length === 1;
  }

  /** The referral, locked until the transaction ends. */
  async lock(id: string) {
    return this.referrals
      .createQueryBuilder('r')
      .setLock('pessimistic_write')
      .where('r.id = :id', { id })
      .getOne();
  }

  async markVoid(id: string, reason: string, clawedBackPoints: number) {
    await this.referrals.update(
      { id },
      { status: 'void', voidReason: reason, clawedBackPoints, voidedAt: () => 'now()' },
    );
  }

  /** A referrer's friends, newest first (the monthly cap keeps a referrer's list short). */
  async ofReferrer(referrerId: string, limit: number) {
    return this.referrals.find({
      where: { referrerId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }

  /** One page of every referral for the console, newest first, with the count of its filter. */
  async page(options: { offset: number; limit: number; status?: ReferralStatus }) {
    return this.referrals.findAndCount({
      where: options.status ? { status: options.status } : {},
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: options.offset,
      take: options.limit,
    });
  }
}
