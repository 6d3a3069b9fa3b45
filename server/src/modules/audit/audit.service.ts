import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';

/** What `record` writes; the log fills in its id and time. */
export interface NewAuditEntry {
  actorId: string;
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** Who changed what, when, from what to what: every admin change to money, stock, roles or flags. */
@Injectable()
export class AuditService {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async record(entry: NewAuditEntry) {
    await this.txHost.tx.query(
      'INSERT INTO audit_log (actor_id, action, entity, entity_id, before, after) VALUES ($1, $2, $3, $4, $5, $6)',
      [
        entry.actorId,
        entry.action,
        entry.entity,
        entry.entityId,
        JSON.stringify(entry.before ?? null),
        JSON.stringify(entry.after ?? null),
      ],
    );
  }
}
