/** A run of the secret this long, anywhere in a word, makes the word a piece of the secret. */
const PIECE = 8;

/**
 * Text a provider sent back, with the secret hidden wherever it was echoed, whole or in part (a gateway
 * quoting a key without its prefix, or cut short), and any bearer token or OpenAI-looking key besides.
 */
export function redactSecret(text: string, secret: string | undefined): string {
  const withoutSecret = secret
    ? text
        .split(secret)
        .join('[REDACTED]')
        .replace(/[^\s"',:;=()[\]{}<>]{8,}/g, (word) => (sharesPiece(word, secret) ? '[REDACTED]' : word))
    : text;
  return withoutSecret.replace(/(Bearer\s+)[^\s"',]+/gi, '$1[REDACTED]').replace(/\b(sk-[A-Za-z0-9_-]{3})[A-Za-z0-9_-]{8,}/g, '$1[REDACTED]');
}

function sharesPiece(word: string, secret: string): boolean {
  for (let start = 0; start + PIECE <= word.length; start++) {
    if (secret.includes(word.slice(start, start + PIECE))) {
      return true;
    }
  }
  return false;
}
