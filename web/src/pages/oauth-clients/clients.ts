/** The list's query key: every page of it is fetched again after a change. */
export const LIST_KEY = ['get', '/api/v1/oauth-clients'] as const;

/** The redirect addresses of a text box: one per line, surrounding spaces and blank lines ignored, each once. */
export function redirectUrisOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}
