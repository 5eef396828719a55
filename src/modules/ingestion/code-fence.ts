/**
 * Code between Markdown fences, as chunks and answers hold it. The fence is a run of backticks longer than
 * any the code holds (three at least), so code that quotes Markdown with fences of its own (a README
 * example) stays one block instead of ending at its first inner fence.
 */
export function fenced(code: string): string {
  const longest = Math.max(0, ...[...code.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}\n${code}\n${fence}`;
}

/** A block `fenced` wrote (a language may follow the opening fence): the code is group 2. */
export const FENCED_BLOCK = /^(`{3,})[^\n`]*\n([\s\S]*?)\n\1[ \t]*$/gm;
