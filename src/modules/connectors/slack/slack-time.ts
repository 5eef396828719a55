/** Slack timestamps (`ts`): seconds since the epoch with six decimals, also the id of a message within its channel. */

const DAY_SECONDS = 86_400;

export const tsSeconds = (ts: string): number => Number(ts.split('.')[0]);

export const tsToDate = (ts: string): Date => new Date(Math.round(Number(ts) * 1_000));

export const dateToTs = (date: Date): string => `${Math.floor(date.getTime() / 1_000)}.${String((date.getTime() % 1_000) * 1_000).padStart(6, '0')}`;

/** The UTC day of a message, `YYYY-MM-DD`. */
export const tsDay = (ts: string): string => new Date(tsSeconds(ts) * 1_000).toISOString().slice(0, 10);

export const dayStartSeconds = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 1_000;

export const dayStartTs = (day: string): string => `${dayStartSeconds(day)}.000000`;

/** The ts just before the day starts: history's `oldest` is exclusive, and the day's first message must be read. */
export const justBeforeDayTs = (day: string): string => `${dayStartSeconds(day) - 1}.999999`;

export const addDays = (day: string, days: number): string => new Date((dayStartSeconds(day) + days * DAY_SECONDS) * 1_000).toISOString().slice(0, 10);

export const latestTs = (values: readonly (string | undefined)[]): string =>
  values.reduce<string>((latest, value) => (value !== undefined && Number(value) > Number(latest) ? value : latest), '0');

/** `HH:MM` in UTC. */
export const tsClock = (ts: string): string => new Date(tsSeconds(ts) * 1_000).toISOString().slice(11, 16);
