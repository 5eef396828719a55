import { createHash } from 'node:crypto';

/** A document reduced to what retrieval needs: its title and its text, with the heading structure and its code kept. */
export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; text: string }
  | { kind: 'text'; text: string }
  /** Preformatted text (code, configuration, a terminal session), its lines and indentation as written. */
  | { kind: 'code'; text: string };

export interface ParsedDocument {
  title: string;
  blocks: Block[];
}

export type ParseFailureReason = 'encrypted' | 'corrupt' | 'unsupported' | 'empty' | 'too_large' | 'too_slow';

/** A document that cannot be read; the sync records it as failed and carries on with the others. */
export class DocumentParseError extends Error {
  override readonly name = 'DocumentParseError';

  constructor(
    readonly reason: ParseFailureReason,
    message: string,
  ) {
    super(message);
  }
}

/** What identifies a document's content: its title and blocks, whatever the bytes it came from. */
export function hashDocument(document: ParsedDocument): string {
  return createHash('sha256')
    .update(JSON.stringify([document.title, document.blocks]))
    .digest('hex');
}
