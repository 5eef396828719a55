/**
 * A command's result as the one JSON line it prints, with snake_case names as on the versioned API
 * (`org_id`, `created_at`), whatever the service objects call them.
 */
export function jsonLine(result: unknown): string {
  return `${JSON.stringify(snakeCased(result))}\n`;
}

function snakeCased(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(snakeCased);
  }
  if (value === null || typeof value !== 'object' || value instanceof Date) {
    return value;
  }
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), snakeCased(item)]));
}
