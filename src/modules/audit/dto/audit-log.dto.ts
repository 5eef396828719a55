import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { exampleId } from '#src/common/ids/ids.js';
import { IsCalendarDate, Optional, PaginationQueryDto } from '#src/common/validation/validators.js';
import { AUDIT_ACTIONS, type AuditAction } from '#src/modules/audit/audit-actions.js';
import { AUDIT_ACTOR_TYPES, type AuditActorType, type AuditEntryEntity } from '#src/modules/audit/audit-entry.entity.js';

/** Actions whose identical repetitions within a minute share one entry (AuditLog.recordRefusal). */
const COUNTED_ACTIONS: ReadonlySet<string> = new Set<AuditAction>(['ip.blocked', 'sso.failed']);

export class AuditLogQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ enum: AUDIT_ACTIONS })
  @Optional()
  @IsIn(AUDIT_ACTIONS, { message: `action must be one of ${AUDIT_ACTIONS.join(', ')}` })
  action?: AuditAction;

  @ApiPropertyOptional({ example: '2026-11-01', format: 'date', description: 'First UTC day included (YYYY-MM-DD).' })
  @Optional()
  @IsCalendarDate()
  start_date?: string;

  @ApiPropertyOptional({ example: '2026-11-30', format: 'date', description: 'Last UTC day included (YYYY-MM-DD).' })
  @Optional()
  @IsCalendarDate()
  end_date?: string;
}

export class AuditActorDto {
  @ApiProperty({
    enum: AUDIT_ACTOR_TYPES,
    description: '`user` (a web session), `api_key`, `oauth_client`, `system` (the operator\u2019s CLI) or `anonymous`.',
  })
  type: AuditActorType;

  @ApiProperty({ type: String, nullable: true, example: exampleId('user') })
  id: string | null;
}

export class AuditTargetDto {
  @ApiProperty({ example: 'user', description: 'What was acted on: `user`, `api_key`, `session`, `organization`, …' })
  type: string;

  @ApiProperty({ example: exampleId('user') })
  id: string;
}

export class AuditEntryDto {
  @ApiProperty({ example: exampleId('auditEntry') })
  id: string;

  @ApiProperty({ enum: AUDIT_ACTIONS })
  action: string;

  @ApiProperty({ type: AuditActorDto })
  actor: AuditActorDto;

  @ApiProperty({ type: String, nullable: true, example: '203.0.113.7' })
  ip: string | null;

  @ApiProperty({ type: String, nullable: true })
  user_agent: string | null;

  @ApiProperty({ type: AuditTargetDto, nullable: true })
  target: AuditTargetDto | null;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'What changed or why it was refused; never a password, token or key. `ip.blocked` and `sso.failed` entries also carry `count` and ' +
      '`last_at`: identical refusals within a minute are counted on one entry.',
  })
  details: Record<string, unknown>;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class AuditLogResponseDto {
  @ApiProperty({ type: [AuditEntryDto], description: 'Newest first.' })
  entries: AuditEntryDto[];

  @ApiProperty({ type: 'integer', example: 1 })
  total: number;
}

export function toAuditEntryResponse(entry: AuditEntryEntity): AuditEntryDto {
  const details = COUNTED_ACTIONS.has(entry.action) ? { ...entry.details, count: entry.count, last_at: entry.lastAt.toISOString() } : entry.details;
  return {
    id: entry.id,
    action: entry.action,
    actor: { type: entry.actorType, id: entry.actorId },
    ip: entry.ip,
    user_agent: entry.userAgent,
    target: entry.targetType !== null && entry.targetId !== null ? { type: entry.targetType, id: entry.targetId } : null,
    details,
    created_at: entry.createdAt.toISOString(),
  };
}
