const SAMPLE_BYTES = 64 * 1024;
// Share of control characters (other than tab, line breaks and form feed) above which data is not text.
const MAX_CONTROL_SHARE = 0.01;

/**
 * Decodes bytes that hold text: UTF-8 (byte order mark dropped), UTF-16 with a byte order mark, or, when
 * the bytes are not valid UTF-8, Windows-1252 (the usual encoding of older Western text files). Returns
 * undefined for binary data (a NUL byte, or more than a trace of control characters).
 */
export function decodeText(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return textOrUndefined(new TextDecoder('utf-8').decode(bytes.subarray(3)));
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return textOrUndefined(new TextDecoder('utf-16le').decode(bytes.subarray(2)));
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return textOrUndefined(new TextDecoder('utf-16be').decode(bytes.subarray(2)));
  }
  if (bytes.subarray(0, SAMPLE_BYTES).includes(0)) {
    return undefined;
  }
  try {
    return textOrUndefined(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return textOrUndefined(decodeWindows1252(bytes));
  }
}

// Windows-1252 differs from Latin-1 in 0x80–0x9F only; the five unassigned bytes stay C1 controls.
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/** Node 20's TextDecoder decodes "windows-1252" as Latin-1, so the 0x80–0x9F range is mapped here. */
function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009F]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] ?? char);
}

function textOrUndefined(text: string): string | undefined {
  const sample = text.slice(0, SAMPLE_BYTES);
  let controls = 0;
  for (let index = 0; index < sample.length; index++) {
    const code = sample.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) || (code >= 0x7f && code <= 0x9f)) {
      controls += 1;
    }
  }
  return controls > sample.length * MAX_CONTROL_SHARE ? undefined : text;
}
