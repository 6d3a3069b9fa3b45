import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable, Logger } from '@nestjs/common';
import { guardedUpdate } from '../../database/transactions.js';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import { JobQueueService } from '../../jobs/job-queue.service.js';
import type { JobOf } from '../../jobs/job.types.js';
import { OnJob } from '../../jobs/on-job.decorator.js';
import { WhatsAppAdapter, WhatsAppRefusal } from '../../providers/whatsapp/whatsapp.adapter.js';
import type { TemplateKey } from '../../providers/whatsapp/whatsapp-templates.js';
import { WhatsAppConsents } from './whatsapp-consents.service.js';
import type { Language } from '../../common/i18n/language.js';
import { customerTexts, rupeesIn } from '../notifications/i18n/index.js';
import { WhatsAppMessageEntity, type WhatsAppMessageStatus } from './whatsapp-message.entity.js';

const MAX_ATTEMPTS = 10;

/** What an order's message says; the orders module fills it in from the order. */
export interface OrderFacts {
  orderid: string;
  userId: string;
  /** The pack and the game: '86 Diamonds, Mobile Legends'. */
  pack: string;
  /** The player id and zone as the customer typed them. */
  player: string;
  /** The in-game name the check-id found, if any. */
  playerName: string | null;
}

export type OrderEvent =
  | { kind: 'completed'; order: OrderFacts }
  /** `why` says why and where the money went ('... ₹119 went back to your Z-Coins.'), in English. */
  | { kind: 'refunded'; order: OrderFacts; why: string }
  /** `compensation`: the paise the store added to the Z-Coins for the wait. */
  | { kind: 'delayed'; order: OrderFacts; compensation: number };

const TEMPLATE_OF: Record<OrderEvent['kind'], TemplateKey> = {
  completed: 'orderCompleted',
  refunded: 'orderRefunded',
  delayed: 'orderDelayed',
};

/** The template's values in the customer's language (the order's own names stay as they are). */
function bodyValues(event: OrderEvent, language: Language): string[] {
  const t = customerTexts(language);
  const { orderid, pack, player, playerName } = event.order;
  if (event.kind === 'completed') {
    return [orderid, pack, player, playerName || t.whatsapp.nameNotShown];
  }
  if (event.kind === 'refunded') return [orderid, pack, t.reason(event.why)];
  return [orderid, pack, t.whatsapp.compensation(rupeesIn(language, event.compensation))];
}

/** The statuses a message moves through; a webhook never moves one back. */
const STATUS_ORDER: WhatsAppMessageStatus[] = [
  'pending',
  'accepted',
  'sent',
  'delivered',
  'read',
  'failed',
];

export interface StatusReport {
  wamid: string;
  status: string;
  /** Unix seconds, as WhatsApp sends it. */
  timestamp: string | number | undefined;
  error?: string;
}

type ClaimedMessage = Pick<
  WhatsAppMessageEntity,
  'userId' | 'recipient' | 'template' | 'language' | 'bodyValues' | 'attempts'
>;

const messageJobId = (id: string, generation: number) => `whatsapp-${id}-${generation}`;

/**
 * Order news on WhatsApp through the `whatsapp_messages` table, as e-mail goes through
 * `outgoing_mail`: the row is written in the transaction of the event (only for a customer who
 * opted in), a job sends it after commit, the sweep re-enqueues any still pending. The event's
 * key is unique, so an event is told once however often it is recorded or its job runs.
 */
@Injectable()
export class WhatsAppNews {
  private readonly logger = new Logger('WhatsApp');

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly jobs: JobQueueService,
    private readonly consents: WhatsAppConsents,
    private readonly whatsapp: WhatsAppAdapter,
  ) {}

  private get messages() {
    return this.txHost.tx.getRepository(WhatsAppMessageEntity);
  }

  /**
   * Records the message about an order event (in the caller's transaction, if one is open);
   * undefined when the customer has not opted in or the event was already recorded. Call
   * `dispatch` after commit.
   */
  async record(event: OrderEvent): Promise<string | undefined> {
    const choice = await this.consents.choiceOf(event.order.userId);
    if (!choice.optedIn || !choice.mobilenumber) return undefined;
    const { identifiers } = await this.messages
      .createQueryBuilder()
      .insert()
      .values({
        eventKey: `order-${event.order.orderid}-${event.kind}`,
        userId: event.order.userId,
        recipient: `91${choice.mobilenumber}`,
        template: TEMPLATE_OF[event.kind],
        language: choice.language,
        bodyValues: bodyValues(event, choice.language),
      })
      .orIgnore()
      .returning(['id'])
      .execute();
    return (identifiers[0]?.id as string | undefined) ?? undefined;
  }

  /**
   * Deletes up to `limit` messages settled (sent, delivered, read, failed or skipped) before
   * `before`; pending ones stay. The consents, the proof of opt-in, are never purged.
   */
  async purgeSettled(before: Date, limit: number): Promise<number> {
    // SQL: a bounded batch, and PostgreSQL's DELETE has no LIMIT of its own.
    const [, count] = await this.txHost.tx.query<[unknown, number]>(
      `DELETE FROM whatsapp_messages WHERE id IN (
         SELECT id FROM whatsapp_messages WHERE status <> 'pending' AND created_at < $1 LIMIT $2)`,
      [before, limit],
    );
    return count;
  }

  /** After commit; when the queue cannot take it now, the sweep sends it. */
  async dispatch(id: string | undefined) {
    if (id) await this.jobs.queueSoon(JobName.WhatsAppSend, { messageId: id }, messageJobId(id, 0));
  }

  /**
   * Tells the customer an order is late and what they got for it; for the delivery guarantee.
   * Records in the caller's transaction and answers the id to `dispatch` after its commit.
   */
  orderDelayed(order: OrderFacts, compensation: number) {
    return this.record({ kind: 'delayed', order, compensation });
  }

  @OnJob({ name: JobName.WhatsAppSend, queue: QueueName.Mail })
  async handleSend({ messageId }: JobOf<JobName.WhatsAppSend>): Promise<JobStatus> {
    const message = await this.claimSend(messageId);
    if (!message) return JobStatus.Skipped;
    const choice = await this.consents.choiceOf(message.userId);
    if (!choice.optedIn) {
      await this.settle(messageId, { status: 'skipped', lastError: 'opted out before sending' });
      return JobStatus.Skipped;
    }
    let wamid: string;
    try {
      wamid = await this.whatsapp.sendTemplate({
        to: message.recipient,
        template: message.template as TemplateKey,
        language: message.language,
        values: message.bodyValues,
      });
    } catch (error) {
      const why = (error as Error).message.slice(0, 500);
      if (error instanceof WhatsAppRefusal || message.attempts >= MAX_ATTEMPTS) {
        this.logger.warn(`WhatsApp message ${messageId} failed: ${why}`);
        await this.settle(messageId, { status: 'failed', lastError: why });
        return JobStatus.Failed;
      }
      await this.settle(messageId, { lastError: why });
      throw error;
    }
    await this.settle(messageId, { status: 'accepted', wamid, acceptedAt: () => 'now()' });
    return JobStatus.Success;
  }

  /** A status webhook: moves the message forward (never back), keeping WhatsApp's time. */
  async statusReported({ wamid, status, timestamp, error }: StatusReport): Promise<boolean> {
    const rank = STATUS_ORDER.indexOf(status as WhatsAppMessageStatus);
    if (rank < 2) return false;
    const seconds = Number(timestamp);
    const at = Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
    // SQL: one guarded UPDATE compares the stored status's place with the reported one.
    const moved = await guardedUpdate<{ id: string }>(
      this.txHost.tx,
      `UPDATE whatsapp_messages SET status = $2, status_at = $3,
         last_error = COALESCE($4, last_error)
       WHERE wamid = $1 AND array_position($5::text[], status::text) < $6
       RETURNING id`,
      [wamid, status, at, error ?? null, STATUS_ORDER, rank + 1],
    );
    return moved !== undefined;
  }

  /** Counts a send of a pending message and answers it, or undefined if it is not pending. */
  private claimSend(id: string): Promise<ClaimedMessage | undefined> {
    // SQL: one guarded UPDATE ... RETURNING claims the try and reads what to send.
    return guardedUpdate<ClaimedMessage>(
      this.txHost.tx,
      `UPDATE whatsapp_messages SET attempts = attempts + 1 WHERE id = $1 AND status = 'pending'
       RETURNING user_id AS "userId", recipient, template, language,
         body_values AS "bodyValues", attempts`,
      [id],
    );
  }

  private async settle(id: string, change: Parameters<typeof this.messages.update>[1]) {
    await this.messages.update({ id, status: 'pending' }, change);
  }

  @OnJob({ name: JobName.WhatsAppSweepPending, queue: QueueName.Maintenance })
  async handleSweepPending(): Promise<JobStatus> {
    const pending = await this.messages
      .createQueryBuilder('message')
      .select(['message.id', 'message.generation'])
      .where(`message.status = 'pending' AND message.createdAt < now() - interval '20 seconds'`)
      .orderBy('message.createdAt')
      .limit(500)
      .getMany();
    for (const message of pending) {
      const jobId = messageJobId(message.id, message.generation);
      if (await this.jobs.isLive(QueueName.Mail, jobId)) continue;
      const { affected } = await this.messages.update(
        { id: message.id, generation: message.generation },
        { generation: message.generation + 1 },
      );
      if (affected === 1) {
        await this.jobs.queueSoon(
          JobName.WhatsAppSend,
          { messageId: message.id },
          messageJobId(message.id, message.generation + 1),
        );
      }
    }
    return JobStatus.Success;
  }
}
