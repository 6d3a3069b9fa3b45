import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { AuditEntry } from '../audit-log.repository.js';

export class AuditLogResponseDto {
  @ApiProperty() id: string;
  @ApiProperty({ description: 'What was done, e.g. `wallet.credit`, `order.settle-pack`' })
  action: string;
  @ApiProperty({ description: 'The kind of record changed, e.g. `order`, `user`' }) entity: string;
  @ApiProperty() entityId: string;
  @ApiPropertyOptional({ nullable: true, type: String }) actorId: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) actorEmail: string | null;
  @ApiPropertyOptional({ nullable: true }) before: unknown;
  @ApiPropertyOptional({ nullable: true }) after: unknown;
  @ApiProperty() createdAt: string;
}

export function mapAuditLog(entry: AuditEntry): AuditLogResponseDto {
  return {
    id: entry.id,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    before: entry.before,
    after: entry.after,
    createdAt: entry.createdAt.toISOString(),
  };
}
