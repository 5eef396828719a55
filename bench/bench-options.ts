/** Command-line options of the benchmarks: `--name value` pairs and bare `--flag`s. */
const args = process.argv.slice(2);

/** Prints the benchmark's usage and exits when `--help` (or `-h`) is given, before anything is started. */
export function usage(text: string): void {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(`${text.trim()}\n`);
    process.exit(0);
  }
}

export function numberOption(name: string, fallback: number): number {
  const value = stringOption(name);
  return value === undefined ? fallback : Number(value);
}

export function stringOption(name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

export function flag(name: string): boolean {
  return args.includes(`--${name}`);
}

/** The same server URL, naming another database (a benchmark's scratch database). */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
