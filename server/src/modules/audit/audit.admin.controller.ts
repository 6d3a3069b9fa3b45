import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../../common/auth/auth.decorators.js';
import { ListQueryDto, parseListQuery } from '../../common/http/simple-rest.js';
import { SimpleRestList, type ListPage } from '../../common/http/list-page.js';
import { Role } from '../../common/auth/role.js';
import { AUDIT_SORTABLE, AuditAdminService } from './audit-admin.service.js';
import { AuditLogResponseDto } from './dto/audit-log.dto.js';
import { ApiAdminOperation, ApiErrors } from '../../common/openapi/api-docs.decorators.js';

/** The console's read-only `audit-log` table (DESIGN 8). */
@ApiTags('Admin: audit log')
@Authenticated(Role.Admin)
@Controller('admin/rest/audit-log')
export class AuditAdminController {
  constructor(private readonly service: AuditAdminService) {}

  @Get()
  @SimpleRestList('audit-log', 'List the audit log (console table)', AuditLogResponseDto)
  async list(@Query() query: ListQueryDto): Promise<ListPage<AuditLogResponseDto>> {
    const list = parseListQuery(query, AUDIT_SORTABLE, ['createdAt', 'DESC']);
    const { entries, total } = await this.service.list(list);
    return { query: list, rows: entries, total };
  }

  @Get(':id')
  @ApiAdminOperation('Get an audit log entry')
  @ApiErrors(404)
  @ApiOkResponse({ type: AuditLogResponseDto })
  get(@Param('id') id: string) {
    return this.service.get(id);
  }
}
