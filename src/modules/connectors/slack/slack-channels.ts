import { ProviderCallError } from '#src/modules/connectors/provider/provider-failure.js';
import type { SlackClient, SlackChannel } from '#src/modules/connectors/slack/slack-client.js';
import type { SlackConfigDto } from '#src/modules/connectors/slack/slack-config.dto.js';

/**
 * The channels a source reads, in id order: the configured ones (a deleted channel has no documents left),
 * else every public channel the app is a member of, the only ones a bot token can read.
 */
export async function sourceChannels(client: SlackClient, config: SlackConfigDto): Promise<SlackChannel[]> {
  const channels = config.channel_ids === undefined ? await memberChannels(client) : await configuredChannels(client, config.channel_ids);
  return channels.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

async function memberChannels(client: SlackClient): Promise<SlackChannel[]> {
  const channels: SlackChannel[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.publicChannels(cursor);
    channels.push(...page.items.filter((channel) => channel.isMember && !channel.isArchived));
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return channels;
}

async function configuredChannels(client: SlackClient, channelIds: readonly string[]): Promise<SlackChannel[]> {
  const channels: SlackChannel[] = [];
  for (const channelId of channelIds) {
    const channel = await existingChannel(client, channelId);
    if (channel === undefined) {
      continue;
    }
    if (!channel.isMember) {
      throw new ProviderCallError({ kind: 'fatal', message: `The Slack app is not a member of #${channel.name}: invite it to the channel` });
    }
    channels.push(channel);
  }
  return channels;
}

/** The channel, or undefined when Slack no longer has it. */
export async function existingChannel(client: SlackClient, channelId: string): Promise<SlackChannel | undefined> {
  try {
    return await client.channel(channelId);
  } catch (error) {
    if (error instanceof ProviderCallError && error.failure.kind === 'not_found') {
      return undefined;
    }
    throw error;
  }
}
