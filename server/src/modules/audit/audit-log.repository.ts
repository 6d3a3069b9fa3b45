import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditLogEntity } from './audit-log.entity.js';

/** One entry of `audit_log`, with its actor's e-mail. */
export type AuditEntry = AuditLogEntity & { actorEmail: string | null };

export interface AuditLogFilter {
  ids?: string[];
  action?: string;
  entity?: string;
  entityId?: string;
  actorEmailPattern?: string;
  createdFrom?: Date;
  createdUntil?: Date;
}

/** The sortable fields of the console's audit table, by what each one reads. */
export const AUDIT_SORT_COLUMNS: Record<string, string> = {
  createdAt: 'entry.createdAt',
  id: 'entry.id',
  action: 'entry.action',
  entity: 'entry.entity',
  entityId: 'entry.entityId',
  actorEmail: 'actor.email',
};

/** The console's reads of `audit_log`, each entry with its actor's e-mail. */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly db: DataSource) {}

  /** The entries, each with its actor's e-mail (a read-only join to `users`). */
  private entries() {
    return this.db
      .getRepository(AuditLogEntity)
      .createQueryBuilder('entry')
      .select('entry.id', 'id')
      .addSelect('entry.actorId', 'actorId')
      .addSelect('actor.email', 'actorEmail')
      .addSelect('entry.action', 'action')
      .addSelect('entry.entity', 'entity')
      .addSelect('entry.entityId', 'entityId')
      .addSelect('entry.before', 'before')
      .addSelect('entry.after', 'after')
      .addSelect('entry.createdAt', 'createdAt')
      .leftJoin('users', 'actor', 'actor.id = entry.actor_id');
  }

  async getById(id: string): Promise<AuditEntry | undefined> {
    return this.entries().where('entry.id = :id', { id }).getRawOne<AuditEntry>();
  }

  async list(
    filter: AuditLogFilter,
    sort: { column: string; order: 'ASC' | 'DESC' },
    offset: number,
    limit: number,
  ): Promise<{ rows: AuditEntry[]; total: number }> {
    const entries = this.entries();
    if (filter.ids) entries.andWhere('entry.id = ANY(:ids::bigint[])', { ids: filter.ids });
    if (filter.action) entries.andWhere('entry.action = :action', { action: filter.action });
    if (filter.entity) entries.andWhere('entry.entity = :entity', { entity: filter.entity });
    if (filter.entityId) {
      entries.andWhere('entry.entityId = :entityId', { entityId: filter.entityId });
    }
    if (filter.actorEmailPattern) {
      entries.andWhere('actor.email ILIKE :actor', { actor: filter.actorEmailPattern });
    }
    if (filter.createdFrom) {
      entries.andWhere('entry.createdAt >= :from', { from: filter.createdFrom });
    }
    if (filter.createdUntil) {
      entries.andWhere('entry.createdAt < :until', { until: filter.createdUntil });
    }
    const total = await entries.getCount();
    entries.orderBy(sort.column, sort.order, 'NULLS LAST');
    if (sort.column !== 'entry.id') entries.addOrderBy('entry.id', sort.order);
    const rows = await entries.offset(offset).limit(limit).getRawMany<AuditEntry>();
    return { rows, total };
  }
}
