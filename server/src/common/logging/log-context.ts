import { Injectable } from '@nestjs/common';
import { ClsService, ClsServiceManager } from 'nestjs-cls';
import { PinoLogger } from 'nestjs-pino';

/** Ids that identify what a job works on; copied into every log line the job writes. */
const JOB_IDS = ['orderid', 'txnid', 'mailId'] as const;

/** Where the current request's or job's log fields sit in its CLS store. */
const LOG_FIELDS = Symbol('log-fields');

type LogFields = Record<string, unknown>;
/**
 * One holder per request or job: nested CLS contexts (a transaction's) copy the store shallowly,
 * so fields bound inside a transaction stay on the lines written after it.
 */
type StoreWithFields = Record<symbol, { fields: LogFields } | undefined>;

export function jobBindings(name: string, id: string | undefined, data: unknown) {
  const bindings: Record<string, unknown> = { job: name, jobId: id };
  const payload = (data ?? {}) as Record<string, unknown>;
  for (const key of JOB_IDS) if (typeof payload[key] === 'string') bindings[key] = payload[key];
  return bindings;
}

/**
 * The current context's log fields, for pino's `mixin`: read only when a line is written, so a
 * request that logs nothing costs no logger of its own. A copy, as pino merges the line's own
 * fields into what the mixin answers.
 */
export function currentLogFields(): LogFields {
  const store = ClsServiceManager.getClsService().get<StoreWithFields | undefined>();
  return { ...store?.[LOG_FIELDS]?.fields };
}

/**
 * The fields every log line of the current request or job carries (`reqId`, `orderid`, `job`...).
 * They live in the request's or job's CLS context, the one that also carries its transaction,
 * and pino adds them to each line (`pinoOptions`), so Nest's `Logger` needs no change.
 */
@Injectable()
export class LogContext {
  constructor(private readonly cls: ClsService) {}

  /** The application's pino logger. */
  root() {
    return PinoLogger.root;
  }

  /**
   * Runs `work` in a fresh CLS context (its own transaction scope) whose lines all carry
   * `bindings`.
   */
  run<T>(bindings: LogFields, work: () => T): T {
    const store: StoreWithFields = { [LOG_FIELDS]: { fields: bindings } };
    return this.cls.runWith(store, work);
  }

  /** Adds fields to the current request's or job's lines; ignored outside one. */
  bind(fields: Record<string, string>) {
    const holder = this.cls.get<StoreWithFields | undefined>()?.[LOG_FIELDS];
    if (holder) holder.fields = { ...holder.fields, ...fields };
  }
}
