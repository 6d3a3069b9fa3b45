import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import { OnJob } from '../../jobs/on-job.decorator.js';
import { TaxDocumentsRepository } from './tax-documents.repository.js';

/** Documents numbered per statement: a burst of payments is numbered a few statements at a time. */
const BATCH = 500;

/**
 * How long a paid order's invoice waits for others to be numbered with it. Each numbering run is
 * a transaction of its own, with a commit the disk must flush; run per order, it doubled the
 * commits of checkout. Anything that shows a number asks for it first (`numberNow`).
 */
export const NUMBERING_WINDOW_MS = 500;

/**
 * Gives committed tax documents their numbers, the oldest issued of those waiting first: right after a
 * paid or refunded order commits (`numberSoon`), on the maintenance sweep for any a stopped
 * process left, and before a document without one is shown (`numberNow`). Each run takes every
 * waiting document, so a burst of commits costs a few runs, not one lock per payer.
 */
@Injectable()
export class TaxDocumentNumbering implements OnModuleDestroy {
  private readonly logger = new Logger('Invoices');
  private running?: Promise<void>;
  private again = false;
  private waiting?: NodeJS.Timeout;

  constructor(private readonly documents: TaxDocumentsRepository) {}

  /** Numbers what waits within `NUMBERING_WINDOW_MS`, without holding up the caller. */
  numberSoon() {
    this.waiting ??= setTimeout(() => {
      this.waiting = undefined;
      this.start();
    }, NUMBERING_WINDOW_MS).unref();
  }

  /** What a stopping process leaves unnumbered, the maintenance sweep numbers. */
  onModuleDestroy() {
    clearTimeout(this.waiting);
  }

  /** Numbers every document that waits, now. */
  async numberNow() {
    await this.running;
    await this.drain();
  }

  @OnJob({ name: JobName.TaxDocumentNumberPending, queue: QueueName.Maintenance })
  async handleSweep(): Promise<JobStatus> {
    await this.numberNow();
    return JobStatus.Success;
  }

  private start() {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: Error) => this.logger.warn(`tax documents not numbered yet: ${error.message}`))
      .finally(() => (this.running = undefined));
  }

  private async drain() {
    do {
      this.again = false;
      while ((await this.documents.numberPending(BATCH)) === BATCH);
    } while (this.again);
  }
}
