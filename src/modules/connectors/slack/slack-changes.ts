import type { ConnectorContext, ListedDocument, SyncItem } from '#src/modules/connectors/connector.js';
import type { SourceDocument } from '#src/modules/connectors/document-source.js';
import type { SlackChannelProgress, SlackChannelState, SlackCheckpoint, SlackPass } from '#src/modules/connectors/slack/slack-checkpoint.js';
import { existingChannel, sourceChannels } from '#src/modules/connectors/slack/slack-channels.js';
import { SlackClient, type HistoryRange, type SlackChannel } from '#src/modules/connectors/slack/slack-client.js';
import type { SlackConfigDto } from '#src/modules/connectors/slack/slack-config.dto.js';
import { channelDays, dayDocuments, keyDay } from '#src/modules/connectors/slack/slack-days.js';
import { dayDocument, documentKey, threadDocument, type SlackDocumentContext } from '#src/modules/connectors/slack/slack-documents.js';
import { SlackPeople } from '#src/modules/connectors/slack/slack-people.js';
import { addDays, dateToTs, dayStartTs, justBeforeDayTs, tsDay } from '#src/modules/connectors/slack/slack-time.js';

/**
 * Slack offers no "changed since" query, and an edit or a new reply leaves a message's ts unchanged: each pass
 * reads again the days from this many days before the channel's last read, and indexes the documents whose
 * version differs. Older messages edited, or older threads answered, are read again by a full resync; a
 * thread started on an older message is a new document, which the listing names and the sync reads by key.
 */
export const LOOKBACK_DAYS = 7;

type SlackContext = ConnectorContext<SlackConfigDto, SlackCheckpoint>;

const includeThreads = (config: SlackConfigDto): boolean => config.include_threads ?? true;

/** The first day the next read of a channel last read at `readAt` covers. */
const windowStartDay = (readAt: string): string => addDays(tsDay(readAt), -LOOKBACK_DAYS);

export async function* slackChanges(context: SlackContext): AsyncGenerator<SyncItem<SlackCheckpoint>> {
  const client = new SlackClient(context.provider, context.endpoints.apiUrl);
  const people = new SlackPeople(client);
  const workspaceUrl = await client.workspaceUrl();
  const previous = context.checkpoint ?? { channels: {} };
  const pass: SlackPass = previous.pass ?? { startedAt: dateToTs(new Date()) };
  const states: Record<string, SlackChannelState> = { ...previous.channels };
  const channels = await sourceChannels(client, context.source.config);
  let doneThrough = pass.doneThrough;
  for (const channel of channels) {
    if (doneThrough !== undefined && channel.id <= doneThrough) {
      continue;
    }
    const progress: SlackChannelProgress =
      pass.current?.channel === channel.id ? { ...pass.current, versions: { ...pass.current.versions } } : { channel: channel.id, versions: {} };
    const documents: SlackDocumentContext = { client, people, workspaceUrl, channel };
    const state = states[channel.id];
    // Versions older than the next pass's window would only grow the checkpoint of a first read.
    const keepFrom = windowStartDay(state?.readAt ?? pass.startedAt);
    for await (const item of channelChanges(documents, state, progress, { threads: includeThreads(context.source.config), keepFrom })) {
      yield 'channel' in item ? { checkpoint: { channels: { ...states }, pass: { startedAt: pass.startedAt, doneThrough, current: item } } } : item;
    }
    states[channel.id] = { readAt: pass.startedAt, versions: withinWindow(progress.versions, windowStartDay(pass.startedAt)) };
    doneThrough = channel.id;
    yield { checkpoint: { channels: { ...states }, pass: { startedAt: pass.startedAt, doneThrough } } };
  }
  yield { checkpoint: { channels: onlyChannels(states, channels) } };
}

/**
 * The changed documents of one channel, then its progress after each page; `progress.versions` collects the
 * version of every document read, changed or not.
 */
async function* channelChanges(
  context: SlackDocumentContext,
  state: SlackChannelState | undefined,
  progress: SlackChannelProgress,
  options: { threads: boolean; keepFrom: string },
): AsyncGenerator<SyncItem<SlackCheckpoint> | SlackChannelProgress> {
  const range: HistoryRange = { oldest: state === undefined ? undefined : justBeforeDayTs(windowStartDay(state.readAt)), latest: progress.before };
  for await (const page of channelDays(context.client, context.channel.id, range, options.threads)) {
    for (const day of page.days) {
      const threadParents = new Map(day.threads.map((parent) => [parent.ts, parent]));
      for (const ref of dayDocuments(day)) {
        if (keyDay(ref.key) >= options.keepFrom) {
          progress.versions[ref.key] = ref.version;
        }
        if (state?.versions[ref.key] === ref.version) {
          continue;
        }
        const parent = threadParents.get(ref.key);
        yield parent === undefined ? dayDocument(context, day) : await threadDocument(context, parent);
      }
    }
    if (!page.last) {
      progress.before = page.doneFrom ?? progress.before;
      yield { ...progress, versions: { ...progress.versions } };
    }
  }
  // The read covered every day the last one kept versions of: what is no longer there was deleted.
  for (const key of Object.keys(state?.versions ?? {})) {
    if (!(key in progress.versions)) {
      yield { deletedKey: documentKey(context.channel.id, key) };
    }
  }
}

const withinWindow = (versions: Record<string, string>, fromDay: string): Record<string, string> =>
  Object.fromEntries(Object.entries(versions).filter(([key]) => keyDay(key) >= fromDay));

const onlyChannels = (states: Record<string, SlackChannelState>, channels: readonly SlackChannel[]): Record<string, SlackChannelState> =>
  Object.fromEntries(channels.flatMap((channel) => (states[channel.id] === undefined ? [] : [[channel.id, states[channel.id]] as const])));

/** Every document the channels hold now, from their whole history (the only listing Slack offers). */
export async function* slackDocuments(context: SlackContext): AsyncGenerator<ListedDocument> {
  const client = new SlackClient(context.provider, context.endpoints.apiUrl);
  for (const channel of await sourceChannels(client, context.source.config)) {
    for await (const page of channelDays(client, channel.id, {}, includeThreads(context.source.config))) {
      for (const day of page.days) {
        for (const ref of dayDocuments(day)) {
          yield { key: documentKey(channel.id, ref.key), changedAt: ref.changedAt };
        }
      }
    }
  }
}

/**
 * The documents of these keys, read day by day: a day's history holds its day document and the parents of the
 * threads started that day (a thread started on a message older than the window the passes read again).
 */
export async function* slackDocumentsByKey(context: SlackContext, keys: readonly string[]): AsyncGenerator<SourceDocument> {
  const client = new SlackClient(context.provider, context.endpoints.apiUrl);
  const people = new SlackPeople(client);
  const workspaceUrl = await client.workspaceUrl();
  for (const [channelId, days] of keysByChannelAndDay(keys)) {
    const channel = await existingChannel(client, channelId);
    if (channel === undefined) {
      continue;
    }
    const documents: SlackDocumentContext = { client, people, workspaceUrl, channel };
    for (const [day, wanted] of days) {
      const range: HistoryRange = { oldest: justBeforeDayTs(day), latest: dayStartTs(addDays(day, 1)) };
      for await (const page of channelDays(client, channelId, range, includeThreads(context.source.config))) {
        for (const found of page.days) {
          const threadParents = new Map(found.threads.map((parent) => [parent.ts, parent]));
          for (const ref of dayDocuments(found).filter(({ key }) => wanted.has(key))) {
            const parent = threadParents.get(ref.key);
            yield parent === undefined ? dayDocument(documents, found) : await threadDocument(documents, parent);
          }
        }
      }
    }
  }
}

/** Channel id → day → keys within the channel (a day, or a thread parent's ts). */
function keysByChannelAndDay(keys: readonly string[]): Map<string, Map<string, Set<string>>> {
  const grouped = new Map<string, Map<string, Set<string>>>();
  for (const key of keys) {
    const separator = key.indexOf('/');
    const channelId = key.slice(0, separator);
    const keyInChannel = key.slice(separator + 1);
    const days = grouped.get(channelId) ?? new Map<string, Set<string>>();
    grouped.set(channelId, days);
    const day = keyDay(keyInChannel);
    days.set(day, (days.get(day) ?? new Set<string>()).add(keyInChannel));
  }
  return grouped;
}
