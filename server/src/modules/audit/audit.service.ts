import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export interface AuditEntry {
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
  constructor(private readonly db: DataSource) {}

  async record(entry: AuditEntry, manager: EntityManager = this.db.manager) {
    await manager.query(
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
