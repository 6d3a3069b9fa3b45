import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { AuditLogEntity, type AuditValue } from './audit-log.entity.js';

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
    await this.txHost.tx.getRepository(AuditLogEntity).insert({
      actorId: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: (entry.before ?? null) as AuditValue,
      after: (entry.after ?? null) as AuditValue,
    });
  }
}
