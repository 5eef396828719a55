import iconv from 'iconv-lite';

/** How many leading bytes are searched for a <meta> charset declaration, as browsers do. */
const PRESCAN_BYTES = 1024;

/** Labels that browsers decode as windows-1252 (WHATWG Encoding), which differs from ISO-8859-1 in 0x80–0x9F. */
const WINDOWS_1252_LABELS = new Set(['iso-8859-1', 'iso8859-1', 'iso_8859-1', 'latin1', 'l1', 'us-ascii', 'ascii', 'cp1252', 'x-cp1252', 'cp819', 'ibm819']);

/**
 * Decodes an HTML response: a byte-order mark wins, then the charset of the Content-Type header, then a
 * <meta charset> or http-equiv declaration in the first bytes, else UTF-8. Unknown labels fall through to the next rule.
 */
export function decodeHtml(bytes: Buffer, contentType: string | null): string {
  const encoding = bomEncoding(bytes) ?? supported(headerCharset(contentType)) ?? supported(metaCharset(bytes)) ?? 'utf-8';
  return iconv.decode(bytes, encoding);
}

/**
 * Decodes a text response that is not HTML (Markdown): a byte-order mark wins, then the charset of the
 * Content-Type header, else UTF-8. A <meta> tag in it is an example in the text, not a declaration.
 */
export function decodeText(bytes: Buffer, contentType: string | null): string {
  return iconv.decode(bytes, bomEncoding(bytes) ?? supported(headerCharset(contentType)) ?? 'utf-8');
}

function bomEncoding(bytes: Buffer): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return 'utf-8';
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return 'utf-16be';
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return 'utf-16le';
  }
  return undefined;
}

function headerCharset(contentType: string | null): string | undefined {
  return contentType?.match(/;\s*charset\s*=\s*"?([^";\s]+)/i)?.[1];
}

function metaCharset(bytes: Buffer): string | undefined {
  const head = bytes.subarray(0, PRESCAN_BYTES).toString('latin1');
  const label = head.match(/<meta\b[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i)?.[1];
  // A document that could be read as ASCII to find this declaration is not UTF-16, whatever it says.
  return label && /^utf-?16/i.test(label) ? 'utf-8' : label;
}

function supported(label: string | undefined): string | undefined {
  if (!label) {
    return undefined;
  }
  const normalized = label.trim().toLowerCase();
  if (WINDOWS_1252_LABELS.has(normalized)) {
    return 'windows-1252';
  }
  return iconv.encodingExists(normalized) ? normalized : undefined;
}
