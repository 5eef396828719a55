/** One entry of the allowlist text box, with the line it is on (from 1), to point at it. */
export interface AllowlistEntry {
  value: string;
  line: number;
}

/** The entries of the text box: one per line, trimmed; blank lines are ignored. */
export function allowlistEntries(text: string): AllowlistEntry[] {
  return text
    .split(/\r?\n/)
    .map((value, index) => ({ value: value.trim(), line: index + 1 }))
    .filter((entry) => entry.value !== '');
}

export function allowlistText(allowlist: readonly string[]): string {
  return allowlist.join('\n');
}

/**
 * The API's reasons for refusing a list (`details.ip_allowlist`), each tied to the line of the entry it
 * names (`ip_allowlist[3] '…' is not …` names the fourth entry sent), else kept whole (the list's size).
 */
export function allowlistProblems(reasons: unknown, entries: readonly AllowlistEntry[]): string[] {
  if (!Array.isArray(reasons)) {
    return [];
  }
  return reasons.map((reason) => {
    const text = String(reason);
    const match = /^ip_allowlist\[(\d+)\]\s*(.*)$/.exec(text);
    const entry = match ? entries[Number(match[1])] : undefined;
    return entry && match ? `Line ${entry.line}: ${match[2]}` : text;
  });
}

/** Adds an address to the text box unless a line already holds exactly it. */
export function withAddress(text: string, address: string): string {
  if (allowlistEntries(text).some((entry) => entry.value === address)) {
    return text;
  }
  const trimmed = text.replace(/\s+$/, '');
  return trimmed ? `${trimmed}\n${address}` : address;
}
