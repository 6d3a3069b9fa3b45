import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { containsPattern, istDayRange, textFilter } from '../../common/http/list-filters.js';
import type { ListQuery } from '../../common/http/simple-rest.js';
import { Messages } from '@zstore/contract/messages';
import { AUDIT_SORT_COLUMNS, AuditLogRepository } from './audit-log.repository.js';
import { mapAuditLog } from './dto/audit-log.dto.js';

export const AUDIT_SORTABLE = Object.keys(AUDIT_SORT_COLUMNS);
const ENTRY_ID = /^\d{1,18}$/;

/** The console's read-only view of the audit log. */
@Injectable()
export class AuditAdminService {
  constructor(private readonly repository: AuditLogRepository) {}

  async list(query: ListQuery) {
    const { filter } = query;
    const actor = textFilter(filter, 'actor');
    const { from, until } = istDayRange(filter);
    const { rows, total } = await this.repository.list(
      {
        ids: entryIds(filter.id),
        action: textFilter(filter, 'action'),
        entity: textFilter(filter, 'entity'),
        entityId: textFilter(filter, 'entityId'),
        actorEmailPattern: actor && containsPattern(actor),
        createdFrom: from,
        createdUntil: until,
      },
      { column: AUDIT_SORT_COLUMNS[query.sortField], order: query.sortOrder },
      query.offset,
      query.limit,
    );
    return { entries: rows.map(mapAuditLog), total };
  }

  async get(id: string) {
    const row = ENTRY_ID.test(id) ? await this.repository.getById(id) : undefined;
    if (!row) throw AppError.notFound(Messages.notFound);
    return mapAuditLog(row);
  }
}

/** react-admin's getMany (`filter={"id":[...]}`); ids that are not entry numbers match nothing. */
function entryIds(raw: unknown): string[] | undefined {
  if (raw === undefined) return undefined;
  const values = Array.isArray(raw) ? raw : [raw];
  return values.map(String).filter((value) => ENTRY_ID.test(value));
}
