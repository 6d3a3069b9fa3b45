import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Authenticated } from '../../common/auth/auth.decorators.js';
import { contentRange, ListQueryDto, parseListQuery } from '../../common/http/simple-rest.js';
import { Role } from '../users/entities/user.entity.js';
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
  @ApiAdminOperation(
    'List the audit log (console table)',
    'Answers a Content-Range header; sort, range and filter are JSON query parameters.',
  )
  @ApiErrors(400)
  @ApiOkResponse({ type: [AuditLogResponseDto] })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, AUDIT_SORTABLE, ['createdAt', 'DESC']);
    const { entries, total } = await this.service.list(list);
    void reply.header('Content-Range', contentRange('audit-log', list, entries.length, total));
    return entries;
  }

  @Get(':id')
  @ApiAdminOperation('Get an audit log entry')
  @ApiErrors(404)
  @ApiOkResponse({ type: AuditLogResponseDto })
  get(@Param('id') id: string) {
    return this.service.get(id);
  }
}
