import type { SourceDocument } from '#src/modules/connectors/document-source.js';
import { ProviderCallError } from '#src/modules/connectors/provider/provider-failure.js';
import type { SlackChannel, SlackClient, SlackMessage } from '#src/modules/connectors/slack/slack-client.js';
import type { ChannelDay } from '#src/modules/connectors/slack/slack-days.js';
import { renderMessages, threadTitle } from '#src/modules/connectors/slack/slack-markdown.js';
import type { SlackPeople } from '#src/modules/connectors/slack/slack-people.js';
import { tsDay } from '#src/modules/connectors/slack/slack-time.js';
import type { DocumentInput } from '#src/modules/ingestion/document-input.js';

/** What building a channel's documents needs: the API, names, and where permalinks start. */
export interface SlackDocumentContext {
  client: SlackClient;
  people: SlackPeople;
  /** `https://acme.slack.com/` */
  workspaceUrl: string;
  channel: SlackChannel;
}

export const documentKey = (channelId: string, keyInChannel: string): string => `${channelId}/${keyInChannel}`;

/** The link Slack's "Copy link" gives for a message. */
export const permalink = (workspaceUrl: string, channelId: string, ts: string): string => `${workspaceUrl}archives/${channelId}/p${ts.replace('.', '')}`;

/** A channel-day: every message of the day outside threads read on their own; its link opens the day's first message. */
export function dayDocument(context: SlackDocumentContext, day: ChannelDay): SourceDocument {
  const { channel, workspaceUrl, people } = context;
  const first = day.messages[0];
  return {
    key: documentKey(channel.id, day.day),
    url: first === undefined ? `${workspaceUrl}archives/${channel.id}` : permalink(workspaceUrl, channel.id, first.ts),
    title: `#${channel.name} ${day.day}`,
    input: async () => markdownInput(`${channel.name}-${day.day}.md`, await renderMessages(channel.name, day.day, day.messages, people)),
  };
}

/** A thread: its parent and every reply, read when the document is indexed. */
export async function threadDocument(context: SlackDocumentContext, parent: SlackMessage): Promise<SourceDocument> {
  const { channel, workspaceUrl, people } = context;
  const day = tsDay(parent.ts);
  return {
    key: documentKey(channel.id, parent.ts),
    url: permalink(workspaceUrl, channel.id, parent.ts),
    title: (await threadTitle(parent, people)) ?? `#${channel.name} ${day} thread`,
    input: async () => {
      const messages = await threadMessages(context, parent);
      return markdownInput(`${channel.name}-${parent.ts}.md`, await renderMessages(channel.name, day, messages, people));
    },
  };
}

async function threadMessages(context: SlackDocumentContext, parent: SlackMessage): Promise<SlackMessage[]> {
  const messages: SlackMessage[] = [];
  let cursor: string | undefined;
  try {
    do {
      const page = await context.client.replies(context.channel.id, parent.ts, cursor);
      messages.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
  } catch (error) {
    // The thread was deleted after the history was read: what the history showed of it is all there is.
    if (error instanceof ProviderCallError && error.failure.kind === 'not_found') {
      return [parent];
    }
    throw error;
  }
  return messages.length === 0 ? [parent] : messages;
}

const markdownInput = (name: string, markdown: string): DocumentInput => ({
  format: 'file',
  name,
  bytes: new TextEncoder().encode(markdown),
  contentType: 'text/markdown',
});
