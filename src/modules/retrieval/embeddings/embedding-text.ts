/**
 * What is embedded for a chunk: its document title and section path, then its text, so a passage
 * carries its context. The stored chunk text has no such header.
 */
export function embeddingText(title: string, headingPath: readonly string[], text: string): string {
  return `${[title, ...headingPath].filter(Boolean).join(' › ')}\n\n${text}`;
}
