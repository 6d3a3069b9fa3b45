import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hold } from './http-hooks.js';
import { HOLD_MS } from './test-players.js';

export type SupplierSim = 'smileone' | 'moogold';

export const FAULTS = [
  'http500',
  'http503',
  'html',
  'timeout_after_charge',
  'drop_after_charge',
] as const;
export type Fault = (typeof FAULTS)[number];

/** What a test asks a simulator to do wrong: `{}` clears everything. */
export interface FaultSettings {
  fault?: Fault | null;
  /** Only this endpoint (`createorder`, `order/create_order` ...); every endpoint when unset. */
  endpoint?: string | null;
  /** Held before answering, on every matching call. */
  delayMs?: number;
  /** How many calls the fault applies to; until cleared when unset. */
  count?: number | null;
}

export interface ActiveFault {
  fault: Fault | null;
  delayMs: number;
}

/** A Cloudflare-style challenge page, as suppliers' CDNs answer now and then. */
export const CHALLENGE_PAGE = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head>
<body><h1>Checking your browser before accessing the site.</h1><p>Please wait while we verify you are human.</p>
<p>Ray ID: 8c1d2e3f4a5b6c7d</p></body></html>`;

/**
 * The supplier simulators' shared state in PostgreSQL: balances per supplier and region, and
 * the fault a test has set. Any instance answers the same, and a test's faults reach every one.
 */
@Injectable()
export class SupplierControls {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async setFaults(provider: SupplierSim, settings: FaultSettings) {
    const fault = settings.fault && FAULTS.includes(settings.fault) ? settings.fault : null;
    const delayMs = Math.max(0, Math.min(Number(settings.delayMs) || 0, 120_000));
    const count =
      settings.count === undefined || settings.count === null
        ? null
        : Math.max(0, Math.floor(Number(settings.count) || 0));
    const endpoint = settings.endpoint ? String(settings.endpoint).slice(0, 64) : null;
    await this.txHost.tx.query(
      `UPDATE sandbox_supplier_controls SET fault = $2, delay_ms = $3, remaining = $4, endpoint = $5, updated_at = now()
       WHERE provider = $1`,
      [provider, fault, delayMs, count, endpoint],
    );
    return { fault, delayMs, count, endpoint };
  }

  /** The fault for this call, counting it down when it is limited to a number of calls. */
  async take(provider: SupplierSim, endpoint: string): Promise<ActiveFault> {
    const [rows] = await this.txHost.tx.query<
      [Array<{ fault: Fault | null; delay_ms: number }>, number]
    >(
      `UPDATE sandbox_supplier_controls
         SET remaining = CASE WHEN remaining IS NULL THEN NULL ELSE remaining - 1 END
       WHERE provider = $1 AND (endpoint IS NULL OR endpoint = $2)
         AND (fault IS NOT NULL OR delay_ms > 0) AND (remaining IS NULL OR remaining > 0)
       RETURNING fault, delay_ms`,
      [provider, endpoint],
    );
    const row = rows[0];
    return row ? { fault: row.fault, delayMs: row.delay_ms } : { fault: null, delayMs: 0 };
  }

  async setValidateEnabled(enabled: boolean) {
    await this.txHost.tx.query(
      `UPDATE sandbox_supplier_controls SET validate_enabled = $1, updated_at = now() WHERE provider = 'moogold'`,
      [enabled],
    );
  }

  async validateEnabled() {
    const rows: Array<{ validate_enabled: boolean }> = await this.txHost.tx.query(
      `SELECT validate_enabled FROM sandbox_supplier_controls WHERE provider = 'moogold'`,
    );
    return rows[0]?.validate_enabled ?? true;
  }

  async balances(provider: SupplierSim): Promise<Record<string, string>> {
    const rows: Array<{ region: string; balance: string }> = await this.txHost.tx.query(
      `SELECT region, balance::text AS balance FROM sandbox_supplier_balances WHERE provider = $1 ORDER BY region`,
      [provider],
    );
    return Object.fromEntries(rows.map((row) => [row.region, row.balance]));
  }

  async balance(provider: SupplierSim, region: string) {
    return (await this.balances(provider))[region];
  }

  async setBalance(provider: SupplierSim, region: string, balance: number) {
    await this.txHost.tx.query(
      `INSERT INTO sandbox_supplier_balances (provider, region, balance) VALUES ($1, $2, $3)
       ON CONFLICT (provider, region) DO UPDATE SET balance = EXCLUDED.balance`,
      [provider, region, Math.max(0, balance).toFixed(2)],
    );
  }

  /** Takes `amount` from the balance if it is there; false when it is not. */
  async debit(provider: SupplierSim, region: string, amount: number) {
    const [, count] = await this.txHost.tx.query<[unknown, number]>(
      `UPDATE sandbox_supplier_balances SET balance = balance - $3
       WHERE provider = $1 AND region = $2 AND balance >= $3`,
      [provider, region, amount.toFixed(2)],
    );
    return count === 1;
  }

  async credit(provider: SupplierSim, region: string, amount: number) {
    await this.txHost.tx.query(
      `UPDATE sandbox_supplier_balances SET balance = balance + $3 WHERE provider = $1 AND region = $2`,
      [provider, region, amount.toFixed(2)],
    );
  }
}

export function answerHtml(reply: FastifyReply, status = 403) {
  return reply.status(status).type('text/html; charset=UTF-8').send(CHALLENGE_PAGE);
}

/** Answers a pre-processing fault (5xx, HTML); true when it answered. */
export function answerEarlyFault(reply: FastifyReply, fault: Fault | null, charges: boolean) {
  if (fault === 'http500' || fault === 'http503') {
    const status = fault === 'http500' ? 500 : 503;
    void reply
      .status(status)
      .type('text/html; charset=UTF-8')
      .send(`<html><body><h1>${status}</h1></body></html>`);
    return true;
  }
  if (fault === 'html' && !charges) {
    void answerHtml(reply);
    return true;
  }
  return false;
}

/** The faults that act once the call has done its work (a charge, for purchases). */
export async function answerLateFault(
  request: FastifyRequest,
  reply: FastifyReply,
  fault: Fault | null,
): Promise<boolean> {
  if (fault === 'html') {
    void answerHtml(reply);
    return true;
  }
  if (fault === 'drop_after_charge') {
    request.raw.socket?.destroy();
    return true;
  }
  if (fault === 'timeout_after_charge') {
    await hold(request, reply, HOLD_MS);
    return false;
  }
  return false;
}
