import { Injectable } from '@nestjs/common';
import { PinoLogger } from 'nestjs-pino';

/** Ids that identify what a job works on; copied into every log line the job writes. */
const JOB_IDS = ['orderid', 'txnid', 'mailId'] as const;

export function jobBindings(name: string, id: string | undefined, data: unknown) {
  const bindings: Record<string, unknown> = { job: name, jobId: id };
  const payload = (data ?? {}) as Record<string, unknown>;
  for (const key of JOB_IDS) if (typeof payload[key] === 'string') bindings[key] = payload[key];
  return bindings;
}

/**
 * The fields every log line of the current request or job carries (`orderid`, `job`...).
 * Nest's `Logger` instances write through the same context, so code that logs needs no change.
 */
@Injectable()
export class LogContext {
  constructor(private readonly pino: PinoLogger) {}

  /** The application's pino logger, outside any context. */
  root() {
    return PinoLogger.root;
  }

  /** Runs `work` in a fresh context whose lines all carry `bindings`. */
  run<T>(bindings: Record<string, unknown>, work: () => T): T {
    return this.pino.runInContext(work, { bindings });
  }

  /** Adds fields to the current request's or job's lines; ignored outside one. */
  bind(fields: Record<string, string>) {
    const current = this.pino.logger.bindings();
    const added = Object.fromEntries(
      Object.entries(fields).filter(([key, value]) => current[key] !== value),
    );
    if (Object.keys(added).length === 0) return;
    try {
      this.pino.assign(added);
    } catch {
      // Outside a request or job (start-up, a test calling a service): nothing to attach to.
    }
  }
}
