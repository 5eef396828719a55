import { createHash } from 'node:crypto';
import type { HistoryRange, SlackClient, SlackMessage } from '#src/modules/connectors/slack/slack-client.js';
import { addDays, dayStartTs, latestTs, tsDay, tsToDate } from '#src/modules/connectors/slack/slack-time.js';

/** The messages of one UTC day of a channel, split into the day's document and the threads started that day. */
export interface ChannelDay {
  day: string;
  /** Messages of the day document, oldest first. */
  messages: SlackMessage[];
  /** Parents of the threads that become documents of their own, oldest first. */
  threads: SlackMessage[];
}

/** A document of a channel, known from its history alone: its key within the channel, version and last change. */
export interface ChannelDocumentRef {
  /** The day (`YYYY-MM-DD`) of a day document, the parent's ts of a thread. */
  key: string;
  version: string;
  changedAt: Date;
}

// Membership notices carry no knowledge worth searching.
const NOISE_SUBTYPES = new Set(['channel_join', 'channel_leave', 'channel_archive', 'channel_unarchive', 'bot_add', 'bot_remove']);

const hasContent = (message: SlackMessage): boolean =>
  !NOISE_SUBTYPES.has(message.subtype ?? '') && (message.text.trim() !== '' || message.fileNames.length > 0);

const isThreadParent = (message: SlackMessage): boolean => message.replyCount > 0 && (message.threadTs === undefined || message.threadTs === message.ts);

/**
 * Groups history pages (newest first) into complete days. A day is complete once an older message, or the
 * end of the history, was seen; `doneFrom` is then the start of the oldest complete day.
 */
export class DaySplitter {
  private readonly pending = new Map<string, ChannelDay>();
  private oldestDay: string | undefined;

  constructor(private readonly includeThreads: boolean) {}

  add(messages: readonly SlackMessage[]): ChannelDay[] {
    for (const message of messages) {
      this.place(message);
    }
    const oldest = this.oldestDay;
    return oldest === undefined ? [] : this.take((day) => day > oldest);
  }

  finish(): ChannelDay[] {
    return this.take(() => true);
  }

  /** Every message from this ts on belongs to a day already returned. */
  get doneFrom(): string | undefined {
    return this.oldestDay === undefined ? undefined : dayStartTs(addDays(this.oldestDay, 1));
  }

  private place(message: SlackMessage): void {
    const inThread = this.includeThreads && isThreadParent(message);
    // A reply also sent to the channel is read with its thread.
    if (!inThread && (!hasContent(message) || (this.includeThreads && message.subtype === 'thread_broadcast'))) {
      return;
    }
    const day = tsDay(message.ts);
    this.oldestDay = this.oldestDay === undefined || day < this.oldestDay ? day : this.oldestDay;
    const group = this.pending.get(day) ?? { day, messages: [], threads: [] };
    this.pending.set(day, group);
    (inThread ? group.threads : group.messages).push(message);
  }

  private take(complete: (day: string) => boolean): ChannelDay[] {
    const days = [...this.pending.values()].filter((group) => complete(group.day)).sort((a, b) => (a.day < b.day ? 1 : -1));
    for (const group of days) {
      this.pending.delete(group.day);
      group.messages.sort(byTs);
      group.threads.sort(byTs);
    }
    return days;
  }
}

const byTs = (a: SlackMessage, b: SlackMessage): number => Number(a.ts) - Number(b.ts);

export interface ChannelDaysPage {
  days: ChannelDay[];
  /** Every message of the range from this ts on is in a day returned so far. */
  doneFrom: string | undefined;
  last: boolean;
}

/** A channel's history within `range`, page by page, as the days each page completed. */
export async function* channelDays(client: SlackClient, channelId: string, range: HistoryRange, includeThreads: boolean): AsyncGenerator<ChannelDaysPage> {
  const splitter = new DaySplitter(includeThreads);
  let cursor: string | undefined;
  do {
    const page = await client.history(channelId, range, cursor);
    cursor = page.nextCursor;
    const days = splitter.add(page.items);
    yield cursor === undefined
      ? { days: [...days, ...splitter.finish()], doneFrom: undefined, last: true }
      : { days, doneFrom: splitter.doneFrom, last: false };
  } while (cursor !== undefined);
}

/** The documents of a day: the day document when it has messages, then one per thread. */
export function dayDocuments(day: ChannelDay): ChannelDocumentRef[] {
  const refs: ChannelDocumentRef[] = [];
  if (day.messages.length > 0) {
    const stamps = day.messages.flatMap((message) => [message.ts, message.editedTs]);
    refs.push({
      key: day.day,
      version: digest(day.messages.map((message) => `${message.ts}:${message.editedTs ?? ''}`)),
      changedAt: tsToDate(latestTs(stamps)),
    });
  }
  for (const parent of day.threads) {
    refs.push({ key: parent.ts, version: threadVersion(parent), changedAt: tsToDate(latestTs([parent.ts, parent.editedTs, parent.latestReply])) });
  }
  return refs;
}

// A reply edited later is not visible from the parent: it is read again when the thread next changes.
const threadVersion = (parent: SlackMessage): string => digest([parent.ts, parent.editedTs ?? '', String(parent.replyCount), parent.latestReply ?? '']);

const digest = (parts: readonly string[]): string => createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 16);

/** The day a document key belongs to (its own day, or its thread parent's). */
export const keyDay = (key: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(key) ? key : tsDay(key));
