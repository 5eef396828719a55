import { Catch, Injectable, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { escapeHtml, htmlPage } from '#src/common/http/html-page.js';
import { requestIdOf } from '#src/common/http/request-id.middleware.js';
import { AuditLog } from '#src/modules/audit/audit-log.service.js';
import { clientOf } from '#src/modules/auth/client-info.js';
import { FAILURE_PAGES, SsoFailure } from '#src/modules/sso/sso-failure.js';
import { connectionOf } from '#src/modules/sso/sso-request.js';

/**
 * A failed single sign-on is a small HTML page for the person in the browser, saying what the spec's
 * failure says and nothing more; why it failed goes to the log and, when the organization is known, to
 * its audit log as `sso.failed`.
 */
@Catch(SsoFailure)
@Injectable()
export class SsoPageFilter implements ExceptionFilter {
  private readonly logger = new Logger('SingleSignOn');

  constructor(private readonly audit: AuditLog) {}

  async catch(failure: SsoFailure, host: ArgumentsHost): Promise<void> {
    const request = host.switchToHttp().getRequest<Request>();
    const response = host.switchToHttp().getResponse<Response>();
    const connection = connectionOf(request);
    this.logger.warn(
      { reason: failure.reason, detail: failure.detail, explanation: failure.explanation?.slice(0, 300), connection_id: connection?.id },
      `single sign-on failed: ${failure.reason}`,
    );
    if (connection) {
      await this.audit.recordRefusal({
        orgId: connection.orgId,
        action: 'sso.failed',
        actor: { type: 'anonymous', id: null },
        client: clientOf(request),
        target: { type: 'sso_connection', id: connection.id },
        details: { reason: failure.reason, ...(failure.detail ? { detail: failure.detail.slice(0, 300) } : {}) },
      });
    }
    const page = FAILURE_PAGES[failure.page];
    response.status(page.status).type('html').setHeader('Cache-Control', 'no-store');
    response.send(renderPage(page.title, page.text, requestIdOf(request)));
  }
}

function renderPage(title: string, text: string, requestId: string): string {
  return htmlPage(title, `<p>${escapeHtml(text)}</p>\n<p><a href="/">Back to sign-in</a></p>\n<p class="ref">Reference: ${escapeHtml(requestId)}</p>`);
}
