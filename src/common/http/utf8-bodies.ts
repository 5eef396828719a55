import { isUtf8 } from 'node:buffer';
import type { IncomingMessage } from 'node:http';

/** The body-parser error type of a JSON body whose bytes are not UTF-8 (rendered by the global filter). */
export const INVALID_UTF8 = 'entity.utf8.invalid';

/**
 * A JSON body must be UTF-8 (RFC 8259, section 8.1). Decoded as it comes, bytes that are not (a Latin-1
 * `é`, a UTF-8-encoded surrogate) would each become U+FFFD and be stored in place of what the client
 * meant: the body is refused instead, as malformed JSON is. body-parser calls this with the raw bytes.
 */
export function verifyUtf8(_request: IncomingMessage, _response: unknown, body: Buffer, encoding: string): void {
  if (encoding.toLowerCase() === 'utf-8' && !isUtf8(body)) {
    throw Object.assign(new Error('The request body is not valid UTF-8'), { type: INVALID_UTF8 });
  }
}
