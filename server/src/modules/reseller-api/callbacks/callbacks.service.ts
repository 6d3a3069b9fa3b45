import { randomBytes } from 'node:crypto';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../../common/clock.js';
import { AppError } from '../../../common/errors/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../../config/config.js';
import { guardedUpdate } from '../../../database/transactions.js';
import { JobName, JobStatus, QueueName } from '../../../jobs/job.enum.js';
import { JobQueueService } from '../../../jobs/job-queue.service.js';
import type { JobOf } from '../../../jobs/job.types.js';
import { OnJob } from '../../../jobs/on-job.decorator.js';
import type { Order } from '../../orders/order.js';
import type { ActiveKey } from '../reseller-keys.service.js';
import { ResellerKeysService } from '../reseller-keys.service.js';
import type { ResellerOrderView } from '../reseller-order-view.js';
import { liveView, ResellerOrdersService } from '../reseller-orders.service.js';
import { resolverFor, type AddressPolicy, type Resolve } from './callback-address.js';
import {
  ResellerCallbackAttemptEntity,
  ResellerCallbackEventEntity,
} from './callback-event.entity.js';
import { CALLBACK_GIVE_UP_MS, nextTry } from './callback-schedule.js';
import { sendCallback } from './callback-sender.js';
import { callbackSignature } from './callback-signature.js';

/** The event of each status an order can move to after it is placed. */
const EVENT_TYPES: Partial<Record<string, string>> = {
  Processing: 'order.processing',
  Completed: 'order.completed',
  Refunded: 'order.refunded',
  Failed: 'order.failed',
  Cancelled: 'order.cancelled',
};

/** A worker holds an event this long while it sends it (more than the 10 s answer time). */
const LEASE_MS = 30_000;
/** Events of one order sent in one run, at most (a run stops at the first that fails). */
const RUN_LIMIT = 20;
const SWEEP_BATCH = 500;

export interface NewCallbackEvent {
  type: string;
  at: Date;
  order: ResellerOrderView;
}

interface EventOwner {
  userId: string;
  apiKeyId: string;
  orderid: string;
  reference: string;
  url: string;
}

const EVENT_ID = /^evt_[0-9a-f]{24}$/;

export const CALLBACK_EVENT_NOT_FOUND = 'EVENT_NOT_FOUND';

const eventNotFound = () =>
  new AppError(CALLBACK_EVENT_NOT_FOUND, 'No such callback event.', HttpStatus.NOT_FOUND);

export interface CallbackLogQuery {
  reference?: string;
  limit?: number;
}

/**
 * Signed callbacks (RESELLER-API.md section 4). An event is written in the transaction of the
 * status change it reports, so none is lost; it is sent at least once, in order per order (an
 * order's next event waits until the one before it is delivered or given up), retried with
 * backoff for 24 hours, every attempt logged.
 */
@Injectable()
export class ResellerCallbacks {
  private readonly logger = new Logger('ResellerCallbacks');
  private readonly policy: AddressPolicy;
  private readonly resolve: Resolve;

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly keys: ResellerKeysService,
    private readonly orders: ResellerOrdersService,
    private readonly jobs: JobQueueService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.policy = { sandbox: config.sandbox, httpsOnly: config.env === 'production' };
    this.resolve = resolverFor(config.resellerCallbackDnsServers);
  }

  private get events() {
    return this.txHost.tx.getRepository(ResellerCallbackEventEntity);
  }

  private get attempts() {
    return this.txHost.tx.getRepository(ResellerCallbackAttemptEntity);
  }

  /** A live order moved: its event, if it was placed through the API and has a callback URL. */
  async liveOrderMoved(order: Order) {
    const type = EVENT_TYPES[order.status];
    if (!type) return;
    const [binding] = await this.orders.referencesOf([order.orderid]);
    if (!binding) return;
    const url = binding.callbackUrl ?? (await this.keys.callbackUrlOf(binding.apiKeyId));
    if (!url) return;
    await this.record(
      { ...binding, url },
      { type, at: this.clock.now(), order: liveView(order, binding.reference) },
    );
  }

  /** A test order's events, known when it is placed (the simulators decide its end then). */
  async testOrderPlaced(
    key: ActiveKey,
    order: { orderid: string; reference: string },
    orderUrl: string | undefined,
    events: NewCallbackEvent[],
  ) {
    const url = orderUrl ?? key.callbackUrl;
    if (!url) return;
    const owner = { userId: key.reseller.id, apiKeyId: key.id, ...order, url };
    for (const event of events) await this.record(owner, event);
  }

  private async record(owner: EventOwner, event: NewCallbackEvent) {
    const [{ next }] = await this.events.query<{ next: string }[]>(
      `SELECT coalesce(max(sequence), 0) + 1 AS next FROM reseller_callback_events WHERE orderid = $1`,
      [owner.orderid],
    );
    const eventId = `evt_${randomBytes(12).toString('hex')}`;
    const payload = JSON.stringify({
      id: eventId,
      type: event.type,
      created_at: event.at.toISOString(),
      order: event.order,
    });
    const row = await this.events.save(
      this.events.create({
        ...owner,
        eventId,
        sequence: Number(next),
        type: event.type,
        payload,
        nextAttemptAt: event.at,
        giveUpAt: new Date(event.at.getTime() + CALLBACK_GIVE_UP_MS),
        createdAt: event.at,
      }),
    );
    // Before the commit: a run that comes too early finds no row and is tried again.
    const delayMs = Math.max(0, event.at.getTime() - this.clock.now().getTime());
    await this.jobs.queueSoon(
      JobName.ResellerCallbackSend,
      { eventId: row.id },
      `callback-${row.id}-0`,
      { delayMs },
    );
  }

  @OnJob({ name: JobName.ResellerCallbackSend, queue: QueueName.Callbacks })
  async handleSend({ eventId }: JobOf<JobName.ResellerCallbackSend>): Promise<JobStatus> {
    const event = await this.events.findOneBy({ id: eventId });
    if (!event) return JobStatus.Failed;
    await this.sendDue(event.orderid);
    return JobStatus.Success;
  }

  /** The sweep queues every due event whose own job is gone: retries after backoff, lost jobs. */
  @OnJob({ name: JobName.ResellerCallbackSweep, queue: QueueName.Maintenance })
  async handleSweep(): Promise<JobStatus> {
    const now = this.clock.now();
    const due = await this.events
      .createQueryBuilder('e')
      .select(['e.id', 'e.attempts', 'e.nextAttemptAt', 'e.leaseUntil'])
      .where(`e.state = 'pending' AND e.nextAttemptAt <= :now`, { now })
      .andWhere('(e.leaseUntil IS NULL OR e.leaseUntil < :now)', { now })
      .orderBy('e.nextAttemptAt', 'ASC')
      .take(SWEEP_BATCH)
      .getMany();
    for (const event of due) {
      const lease = event.leaseUntil?.getTime() ?? 0;
      await this.jobs.queueSoon(
        JobName.ResellerCallbackSend,
        { eventId: event.id },
        `callback-sweep-${event.id}-${event.attempts}-${event.nextAttemptAt.getTime()}-${lease}`,
      );
    }
    return JobStatus.Success;
  }

  /** Sends the order's events that are due, oldest first, until one fails or none is due. */
  async sendDue(orderid: string) {
    for (let run = 0; run < RUN_LIMIT; run++) {
      const head = await this.claimHead(orderid);
      if (!head) return;
      if (!(await this.attempt(head))) return;
    }
  }

  /**
   * Takes the order's oldest pending event if it is due and no worker holds it. SQL: one guarded
   * UPDATE, so two workers never send the same event at once, nor a later one before it.
   */
  private async claimHead(orderid: string) {
    const now = this.clock.now();
    const claimed = await guardedUpdate<{ id: string }>(
      this.txHost.tx,
      `UPDATE reseller_callback_events SET lease_until = $3
       WHERE id = (SELECT id FROM reseller_callback_events
                   WHERE orderid = $1 AND state = 'pending' ORDER BY sequence LIMIT 1)
         AND next_attempt_at <= $2 AND (lease_until IS NULL OR lease_until < $2)
       RETURNING id`,
      [orderid, now, new Date(now.getTime() + LEASE_MS)],
    );
    if (!claimed) return undefined;
    return this.events.findOneByOrFail({ id: claimed.id });
  }

  private async attempt(event: ResellerCallbackEventEntity) {
    const startedAt = this.clock.now();
    const secret = await this.keys.secretOf(event.apiKeyId);
    const signature = callbackSignature(
      secret,
      Math.floor(startedAt.getTime() / 1000),
      event.payload,
    );
    let url: URL | undefined;
    try {
      url = new URL(event.url);
    } catch {
      url = undefined;
    }
    const result = url
      ? await sendCallback(
          url,
          event.payload,
          { 'x-signature': signature, 'x-event-id': event.eventId },
          this.policy,
          this.resolve,
        )
      : { statusCode: null, answer: null, error: 'The callback URL is not valid.', latencyMs: 0 };
    const delivered =
      result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const attempts = event.attempts + 1;
    const finishedAt = this.clock.now();
    const next = delivered ? undefined : nextTry(attempts, finishedAt, event.giveUpAt);
    await this.txHost.withTransaction(async () => {
      await this.attempts.insert({
        eventId: event.id,
        attemptedAt: startedAt,
        statusCode: result.statusCode,
        latencyMs: result.latencyMs,
        answer: result.answer,
        error: result.error?.slice(0, 500) ?? null,
        nextAttemptAt: next ?? null,
      });
      await this.events.update(
        { id: event.id },
        {
          state: delivered ? 'delivered' : next ? 'pending' : 'given_up',
          attempts,
          nextAttemptAt: next ?? event.nextAttemptAt,
          leaseUntil: null,
          deliveredAt: delivered ? finishedAt : event.deliveredAt,
        },
      );
    });
    if (!delivered) {
      this.logger.warn(
        `callback ${event.eventId} to order ${event.orderid}: ${result.statusCode ?? result.error}`,
      );
    }
    return delivered;
  }

  /** Sends an event again (delivered, given up or waiting), now, and keeps trying for 24 hours. */
  async resend(userId: string, eventId: string) {
    if (!EVENT_ID.test(eventId)) {
      throw new AppError(
        'VALIDATION',
        'eventId looks like evt_ and 24 hex digits.',
        HttpStatus.BAD_REQUEST,
      );
    }
    const event = await this.events.findOneBy({ userId, eventId });
    if (!event) throw eventNotFound();
    const now = this.clock.now();
    await this.events.update(
      { id: event.id },
      {
        state: 'pending',
        nextAttemptAt: now,
        giveUpAt: new Date(now.getTime() + CALLBACK_GIVE_UP_MS),
      },
    );
    await this.jobs.queueSoon(
      JobName.ResellerCallbackSend,
      { eventId: event.id },
      `callback-resend-${event.id}-${event.attempts}-${now.getTime()}`,
    );
    return this.view(await this.events.findOneByOrFail({ id: event.id }), []);
  }

  /**
   * Deletes up to `limit` events delivered or given up on before `before`, with their attempts.
   * An order's newest event stays, so the order's next event carries the next sequence number.
   */
  async purgeFinished(before: Date, limit: number): Promise<number> {
    // SQL: a bounded batch, and PostgreSQL's DELETE has no LIMIT of its own.
    const [, count] = await this.txHost.tx.query<[unknown, number]>(
      `DELETE FROM reseller_callback_events WHERE id IN (
         SELECT e.id FROM reseller_callback_events e
         WHERE e.state IN ('delivered', 'given_up') AND e.created_at < $1
           AND EXISTS (SELECT 1 FROM reseller_callback_events later
                       WHERE later.orderid = e.orderid AND later.sequence > e.sequence)
         LIMIT $2)`,
      [before, limit],
    );
    return count;
  }

  /** The delivery log: the newest events first, each with its attempts. */
  async log(userId: string, query: CallbackLogQuery) {
    const limit = Math.min(Math.max(query.limit ?? 50, 1), 200);
    const builder = this.events
      .createQueryBuilder('e')
      .where('e.userId = :userId', { userId })
      .orderBy('e.createdAt', 'DESC')
      .addOrderBy('e.sequence', 'DESC')
      .take(limit);
    if (query.reference) {
      builder.andWhere('e.reference = :reference', { reference: query.reference });
    }
    const events = await builder.getMany();
    const attempts =
      events.length === 0
        ? []
        : await this.attempts
            .createQueryBuilder('a')
            .where('a.eventId IN (:...ids)', { ids: events.map((e) => e.id) })
            .orderBy('a.attemptedAt', 'ASC')
            .getMany();
    return {
      events: events.map((event) =>
        this.view(
          event,
          attempts.filter((a) => a.eventId === event.id),
        ),
      ),
    };
  }

  private view(event: ResellerCallbackEventEntity, attempts: ResellerCallbackAttemptEntity[]) {
    return {
      eventId: event.eventId,
      type: event.type,
      orderid: event.orderid,
      reference: event.reference,
      url: event.url,
      state: event.state,
      attempts: event.attempts,
      createdAt: event.createdAt.toISOString(),
      nextAttemptAt: event.state === 'pending' ? event.nextAttemptAt.toISOString() : null,
      deliveredAt: event.deliveredAt?.toISOString() ?? null,
      log: attempts.map((a) => ({
        attemptedAt: a.attemptedAt.toISOString(),
        statusCode: a.statusCode,
        latencyMs: a.latencyMs,
        answer: a.answer,
        error: a.error,
        nextAttemptAt: a.nextAttemptAt?.toISOString() ?? null,
      })),
    };
  }
}
