import { Global, Module } from '@nestjs/common';
import { AuditLogController } from '#src/modules/audit/audit-log.controller.js';
import { AuditLogRepository } from '#src/modules/audit/audit-log.repository.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';

/** The audit log: every module that changes something security-relevant records it through AuditLog. */
@Global()
@Module({
  controllers: [AuditLogController],
  providers: [AuditLogRepository, AuditLog],
  exports: [AuditLog],
})
export class AuditModule {}
