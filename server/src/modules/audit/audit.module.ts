import { Global, Module } from '@nestjs/common';
import { AuditAdminService } from './audit-admin.service.js';
import { AuditLogRepository } from './audit-log.repository.js';
import { AuditAdminController } from './audit.admin.controller.js';
import { AuditService } from './audit.service.js';

@Global()
@Module({
  controllers: [AuditAdminController],
  providers: [AuditService, AuditAdminService, AuditLogRepository],
  exports: [AuditService],
})
export class AuditModule {}
