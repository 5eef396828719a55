// C0/C1 controls other than tab and line breaks, soft hyphens and zero-width characters that carry no
// meaning for retrieval (ZWJ/ZWNJ are kept: they change how Persian, Indic and emoji text reads).
// Private-use code points are icon-font glyphs (flags, arrows) that stand for no text.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\u00AD\u200B\u2060\uFEFF\uE000-\uF8FF\u{F0000}-\u{10FFFF}]/gu;
const FORM_FEED = /\f/g;
const LINE_BREAKS = /\r\n?|\u2028|\u2029/g;

/** Drops invisible characters and unifies line breaks to "\n", keeping every other character as it is. */
export function stripInvisible(text: string): string {
  return text.replace(LINE_BREAKS, '\n').replace(FORM_FEED, '\n').replace(INVISIBLE, '').normalize('NFC');
}

/** One line of prose: every run of whitespace (line breaks included) becomes one space. */
export function cleanInline(text: string): string {
  return stripInvisible(text).replace(/\s+/g, ' ').trim();
}

/** Several lines of prose: each line cleaned as inline text, empty lines dropped. */
export function cleanLines(text: string): string {
  return stripInvisible(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** Preformatted text (code): indentation and inner spacing kept, trailing spaces and blank edges dropped. */
export function cleanPreformatted(text: string): string {
  const lines = stripInvisible(text)
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+$/, ''));
  while (lines.length > 0 && lines[0] === '') {
    lines.shift();
  }
  while (lines.length > 0 && lines.at(-1) === '') {
    lines.pop();
  }
  return lines.join('\n').replace(/\n{3,}/g, '\n\n');
}
