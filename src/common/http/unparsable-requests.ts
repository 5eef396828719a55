import { maxHeaderSize, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { renderError } from '#src/common/errors/all-exceptions.filter.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import type { RoutePolicies } from '#src/common/http/route-policy/route-policies.js';
import { newId } from '#src/common/ids/ids.js';
import type { AppLogger } from '#src/common/logging/logger.js';

/** What Node's HTTP parser refused, as a status and what to tell the client. */
function refusalOf(code: string | undefined): { status: number; reason: string; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, reason: 'Request Header Fields Too Large', message: `The request line and headers exceed ${maxHeaderSize / 1024} KiB` };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, reason: 'Request Timeout', message: 'The request was not received in time' };
  }
  return { status: 400, reason: 'Bad Request', message: 'The request is not valid HTTP' };
}

/** The request line at the start of what the parser read, when it got that far. */
const REQUEST_LINE = /^([A-Z]{3,10}) (\/[^\s?#]*)\S* HTTP\/1\.[01]\r?\n/;

/**
 * A request Node's HTTP parser refuses (headers over its limit, malformed HTTP) never reaches the
 * application, and Node would answer it with a bare status line: it gets the error envelope and an
 * `X-Request-Id` like every other answer. The envelope is the one of its path form when the request line
 * could be read (a legacy path gets the legacy body and `Deprecation`), else the current one.
 */
export function answerUnparsableRequests(server: Server, logger: AppLogger, policies: RoutePolicies): void {
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Duplex) => {
    // As Node does: nothing is written into a response already under way on this connection.
    const inProgress = (socket as Duplex & { _httpMessage?: { headersSent: boolean } })._httpMessage?.headersSent === true;
    if (error.code === 'ECONNRESET' || !socket.writable || inProgress) {
      socket.destroy();
      return;
    }
    const requestId = newId('request');
    const { status, reason, message } = refusalOf(error.code);
    const line = Buffer.isBuffer(error.rawPacket) ? REQUEST_LINE.exec(error.rawPacket.subarray(0, 8_192).toString('latin1')) : null;
    const legacy = line !== null && policies.formOf(line[2]) === 'legacy';
    const body = JSON.stringify(renderError(new AppError(ErrorCode.InvalidRequest, message, { status }), legacy ? 'legacy' : 'versioned', requestId));
    const successor = legacy ? policies.successorOf(line[1], line[2]) : undefined;
    const deprecation = legacy ? `Deprecation: true\r\n${successor ? `Link: <${successor}>; rel="successor-version"\r\n` : ''}` : '';
    logger.warn({ request_id: requestId, status, parser_error: error.code }, 'request refused by the HTTP parser');
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\nCache-Control: no-store\r\n${deprecation}Connection: close\r\n\r\n${body}`,
    );
  });
}
