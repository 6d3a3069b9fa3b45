import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { AuditLogRow } from '../audit-log.repository.js';

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

export function mapAuditLog(row: AuditLogRow): AuditLogResponseDto {
  return {
    id: row.id,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    before: row.before,
    after: row.after,
    createdAt: new Date(row.created_at).toISOString(),
  };
}
