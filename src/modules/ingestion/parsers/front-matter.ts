const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
const TITLE = /^title[ \t]*:[ \t]*(.*)$/m;

/**
 * Splits YAML front matter ("---" … "---" at the very top, as Jekyll, Hugo and MkDocs use it) from the body,
 * reading only its top-level `title:` scalar (plain, single- or double-quoted).
 */
export function splitFrontMatter(text: string): { title: string | undefined; body: string } {
  const match = FRONT_MATTER.exec(text);
  if (!match) {
    return { title: undefined, body: text };
  }
  const raw = TITLE.exec(match[1] ?? '')?.[1]?.trim();
  return { title: raw ? yamlScalar(raw) : undefined, body: text.slice(match[0].length) };
}

function yamlScalar(raw: string): string | undefined {
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw.slice(0, raw.lastIndexOf('"') + 1)) as string;
    } catch {
      return raw.slice(1, raw.lastIndexOf('"'));
    }
  }
  if (raw.startsWith("'")) {
    return raw.slice(1, raw.lastIndexOf("'")).replaceAll("''", "'");
  }
  if (/^[|>[{]/.test(raw)) {
    // Block scalars and collections are not titles this reader understands.
    return undefined;
  }
  return raw.replace(/\s+#.*$/, '');
}
