import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SqlWhere } from '../../database/sql-where.js';

interface AuditLogRow {
  id: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  created_at: Date;
}

/** One entry of `audit_log`, with its actor's e-mail. */
export interface AuditEntry {
  /** The bigint id, as text. */
  id: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

export function mapAuditEntryRow(row: AuditLogRow): AuditEntry {
  return {
    id: row.id,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    before: row.before,
    after: row.after,
    createdAt: new Date(row.created_at),
  };
}

export interface AuditLogFilter {
  ids?: string[];
  action?: string;
  entity?: string;
  entityId?: string;
  actorEmailPattern?: string;
  createdFrom?: Date;
  createdUntil?: Date;
}

/** The sortable fields of the console's audit table, by the column each one reads. */
export const AUDIT_SORT_COLUMNS: Record<string, string> = {
  createdAt: 'a.created_at',
  id: 'a.id',
  action: 'a.action',
  entity: 'a.entity',
  entityId: 'a.entity_id',
  actorEmail: 'u.email',
};

const SELECT_ENTRIES = `SELECT a.id::text AS id, a.actor_id, u.email AS actor_email, a.action, a.entity,
         a.entity_id, a.before, a.after, a.created_at
  FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id`;

/** The console's reads of `audit_log`, each entry with its actor's e-mail. */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly db: DataSource) {}

  async getById(id: string): Promise<AuditEntry | undefined> {
    const rows: AuditLogRow[] = await this.db.query(`${SELECT_ENTRIES} WHERE a.id = $1`, [id]);
    return rows[0] ? mapAuditEntryRow(rows[0]) : undefined;
  }

  async list(
    filter: AuditLogFilter,
    sort: { column: string; order: 'ASC' | 'DESC' },
    offset: number,
    limit: number,
  ): Promise<{ rows: AuditEntry[]; total: number }> {
    const where = new SqlWhere();
    if (filter.ids) where.and('a.id = ANY($?::bigint[])', filter.ids);
    if (filter.action) where.and('a.action = $?', filter.action);
    if (filter.entity) where.and('a.entity = $?', filter.entity);
    if (filter.entityId) where.and('a.entity_id = $?', filter.entityId);
    if (filter.actorEmailPattern) where.and('u.email ILIKE $?', filter.actorEmailPattern);
    if (filter.createdFrom) where.and('a.created_at >= $?', filter.createdFrom);
    if (filter.createdUntil) where.and('a.created_at < $?', filter.createdUntil);

    const [{ total }] = await this.db.query<Array<{ total: number }>>(
      `SELECT count(*)::int AS total FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id ${where}`,
      where.params,
    );
    const page = where.page(limit, offset);
    const rows: AuditLogRow[] = await this.db.query(
      `${SELECT_ENTRIES} ${where} ORDER BY ${sort.column} ${sort.order} NULLS LAST, a.id ${sort.order} ${page.sql}`,
      page.params,
    );
    return { rows: rows.map(mapAuditEntryRow), total };
  }
}
