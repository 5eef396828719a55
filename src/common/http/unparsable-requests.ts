import { maxHeaderSize, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
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

/**
 * A request Node's HTTP parser refuses (headers over its limit, malformed HTTP) never reaches the
 * application, and Node would answer it with a bare status line: it gets the versioned error envelope and
 * an `X-Request-Id` like every other answer. The path cannot be trusted, so the envelope is the current one.
 */
export function answerUnparsableRequests(server: Server, logger: AppLogger): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // As Node does: nothing is written into a response already under way on this connection.
    const inProgress = (socket as Duplex & { _httpMessage?: { headersSent: boolean } })._httpMessage?.headersSent === true;
    if (error.code === 'ECONNRESET' || !socket.writable || inProgress) {
      socket.destroy();
      return;
    }
    const requestId = newId('request');
    const { status, reason, message } = refusalOf(error.code);
    const body = JSON.stringify({ error: { code: 'invalid_request', message, details: {} }, request_id: requestId });
    logger.warn({ request_id: requestId, status, parser_error: error.code }, 'request refused by the HTTP parser');
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
