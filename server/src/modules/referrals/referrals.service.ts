import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Messages } from '@zstore/contract/messages';
import { requireReadAccess } from '../../common/auth/access.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { Clock } from '../../common/clock.js';
import { AppError } from '../../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AuditService } from '../audit/audit.service.js';
import { istMonthStart } from '../../common/india-time.js';
import { toPoints } from '../../common/money.js';
import { UsersService } from '../users/users.service.js';
import { WalletMovements } from '../wallet/wallet-movements.service.js';
import type { ReferralStatus } from './referral.entity.js';
import { DEVICE_ID, mailboxOf, maskName } from './referral-rules.js';
import { ReferralsRepository } from './referrals.repository.js';

/** The friends a dashboard lists. */
const FRIENDS_SHOWN = 100;

/**
 * Refer & Earn. A customer who registers through another's code is tied to them; when the new
 * customer's first order at or above the minimum completes, both earn points once, in that
 * order's transaction. Self-referrals (the same mailbox, a browser the referrer used) are
 * recorded as refused; an admin may void a referral, which takes back what it paid as far as
 * the customers still hold it.
 */
@Injectable()
export class ReferralsService {
  private readonly logger = new Logger('Referrals');

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly referrals: ReferralsRepository,
    private readonly users: UsersService,
    private readonly movements: WalletMovements,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Remembers a browser a customer signed in from; an unusable cookie value is ignored. */
  async rememberDevice(userId: string, deviceId: string | undefined) {
    if (!deviceId || !DEVICE_ID.test(deviceId)) return;
    await this.referrals.rememberDevice(userId, deviceId);
  }

  /**
   * Ties a customer just registered (in the registration's transaction) to the owner of
   * `code`. An unknown code is ignored: the account matters more than the referral.
   */
  async enrol(referee: { id: string; email: string }, code: string | undefined, deviceId?: string) {
    if (!code) return;
    const referrerId = await this.referrals.ownerOfCode(code.trim().toUpperCase());
    if (!referrerId || referrerId === referee.id) return;
    const referrer = await this.users.getById(referrerId);
    if (!referrer) return;
    const refusedWhy =
      mailboxOf(referrer.email) === mailboxOf(referee.email)
        ? 'the same mailbox as the referrer'
        : deviceId &&
            DEVICE_ID.test(deviceId) &&
            (await this.referrals.usedDevice(referrerId, deviceId))
          ? 'a browser the referrer signed in from'
          : null;
    await this.referrals.insert({
      referrerId,
      refereeId: referee.id,
      status: refusedWhy ? 'refused' : 'pending',
      refusedWhy,
    });
    await this.rememberDevice(referee.id, deviceId);
  }

  /**
   * A completed order, in its transaction: rewards the customer's pending referral when this is
   * the first order at or above the minimum. Concurrent completions reward once (the guarded
   * move); the referrer's monthly cap is counted under a lock per referrer.
   */
  async orderCompleted(order: { orderid: string; userId: string; value: number }) {
    const { rewardPoints, minOrderPaise, monthlyCap } = this.config.referrals;
    if (order.value < minOrderPaise || rewardPoints <= 0) return;
    const pending = await this.referrals.pendingFor(order.userId);
    if (!pending) return;
    await this.txHost.tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [
      `referral-cap:${pending.referrerId}`,
    ]);
    const earned = await this.referrals.rewardedSince(
      pending.referrerId,
      istMonthStart(this.clock.now()),
    );
    const points = rewardPoints * 100;
    const reward = {
      orderid: order.orderid,
      referrerPoints: earned < monthlyCap ? points : 0,
      refereePoints: points,
    };
    if (!(await this.referrals.markRewarded(pending.id, reward))) return;
    const [referrer, referee] = await Promise.all([
      this.users.getById(pending.referrerId),
      this.users.getById(order.userId),
    ]);
    if (!referrer || !referee) return;
    await this.movements.rewardReferral({
      id: pending.id,
      referrer: { userid: referrer.userid, points: reward.referrerPoints },
      referee: { userid: referee.userid, points: reward.refereePoints },
    });
    this.logger.log(`referral ${pending.id} rewarded by order ${order.orderid}`);
  }

  /** What `/referandearn` shows a customer: their code and link, the rules, their friends. */
  async summary(auth: AuthUser, userid: number) {
    requireReadAccess(auth, userid);
    const user = await this.users.getByUserid(userid);
    if (!user) throw AppError.notFound(Messages.notFound);
    const code = await this.txHost.withTransaction(() => this.referrals.codeOf(user.id));
    const referrals = await this.referrals.ofReferrer(user.id, FRIENDS_SHOWN);
    const people = new Map(
      (await this.users.getPeople(referrals.map((r) => r.refereeId))).map((p) => [p.id, p]),
    );
    const { rewardPoints, minOrderPaise, monthlyCap } = this.config.referrals;
    return {
      code,
      link: `${this.config.publicUrl.replace(/\/$/, '')}/register?ref=${code}`,
      rewardPoints,
      minOrder: minOrderPaise / 100,
      monthlyCap,
      pending: referrals.filter((r) => r.status === 'pending').length,
      earnedPoints: toPoints(
        referrals.filter((r) => r.status === 'rewarded').reduce((s, r) => s + r.referrerPoints, 0),
      ),
      friends: referrals.map((r) => ({
        name: maskName(people.get(r.refereeId)?.name ?? ''),
        joinedAt: r.createdAt.toISOString(),
        status: r.status,
        points: toPoints(r.referrerPoints),
      })),
    };
  }

  /** The console's list, newest first, a page at a time. */
  async list(options: { offset: number; limit: number; status?: ReferralStatus }) {
    const [rows, total] = await this.referrals.page(options);
    const people = new Map(
      (
        await this.users.getPeople([...new Set(rows.flatMap((r) => [r.referrerId, r.refereeId]))])
      ).map((p) => [p.id, p]),
    );
    const entries = rows.map((r) => ({
      id: r.id,
      status: r.status,
      referrer: people.get(r.referrerId)?.email ?? '',
      referrerUserid: people.get(r.referrerId)?.userid ?? 0,
      referee: people.get(r.refereeId)?.email ?? '',
      refereeUserid: people.get(r.refereeId)?.userid ?? 0,
      orderid: r.orderid,
      referrerPoints: toPoints(r.referrerPoints),
      refereePoints: toPoints(r.refereePoints),
      clawedBackPoints: toPoints(r.clawedBackPoints),
      refusedWhy: r.refusedWhy,
      voidReason: r.voidReason,
      createdAt: r.createdAt.toISOString(),
      rewardedAt: r.rewardedAt?.toISOString() ?? null,
    }));
    return { entries, total };
  }

  /** An admin voids a referral: no reward later, and what it paid is taken back where held. */
  async void(actorId: string, id: string, reason: string) {
    return this.txHost.withTransaction(async () => {
      const referral = await this.referrals.lock(id);
      if (!referral) throw AppError.notFound(Messages.notFound);
      if (referral.status === 'void') return { id, status: 'void', clawedBackPoints: 0 };
      let taken = 0;
      if (referral.status === 'rewarded') {
        const [referrer, referee] = await Promise.all([
          this.users.getById(referral.referrerId),
          this.users.getById(referral.refereeId),
        ]);
        taken = await this.movements.clawBackReferral({
          id,
          shares: [
            ...(referrer ? [{ userid: referrer.userid, points: referral.referrerPoints }] : []),
            ...(referee ? [{ userid: referee.userid, points: referral.refereePoints }] : []),
          ],
        });
      }
      await this.referrals.markVoid(id, reason, taken);
      await this.audit.record({
        actorId,
        action: 'referral.void',
        entity: 'referral',
        entityId: id,
        before: { status: referral.status },
        after: { status: 'void', reason, clawedBackPoints: toPoints(taken) },
      });
      return { id, status: 'void', clawedBackPoints: toPoints(taken) };
    });
  }
}
