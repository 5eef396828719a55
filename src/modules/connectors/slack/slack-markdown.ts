import type { SlackMessage } from '#src/modules/connectors/slack/slack-client.js';
import type { SlackPeople } from '#src/modules/connectors/slack/slack-people.js';
import { tsClock, tsDay } from '#src/modules/connectors/slack/slack-time.js';

// Slack's markup for mentions, channels, special mentions and links: <@U…>, <#C…|name>, <!here>, <url|label>.
const SLACK_REFERENCE = /<([@#!]?)([^<>|]*)(?:\|([^<>]*))?>/g;

/** Slack's text (mrkdwn, with &, < and > already escaped) as Markdown, user mentions resolved to names. */
export async function slackTextToMarkdown(text: string, people: SlackPeople): Promise<string> {
  const userIds = [...text.matchAll(SLACK_REFERENCE)].filter((match) => match[1] === '@').map((match) => match[2] ?? '');
  const names = new Map(await Promise.all(userIds.map(async (id) => [id, await people.name(id)] as const)));
  const resolved = text.replace(SLACK_REFERENCE, (_match, sigil: string, target: string, label: string | undefined) => {
    switch (sigil) {
      case '@':
        return `@${escapeMarkdown(names.get(target) ?? target)}`;
      case '#':
        return `#${label ?? target}`;
      case '!':
        return label ?? `@${target.split('^')[0] ?? target}`;
      default:
        return label === undefined ? target : `[${label}](${target})`;
    }
  });
  return resolved
    .split('\n')
    .map((line) => line.replace(/^(\s*)(#|=+\s*$|-{3,}\s*$)/, '$1\\$2'))
    .join('\n');
}

/** Text inserted into Markdown as is: names, which Slack does not escape. */
export const escapeMarkdown = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replace(/([\\`*_[\]])/g, '\\$1');

/** `**Name** (HH:MM): text`, the date before the time when the message is not of the document's day. */
async function messageLine(message: SlackMessage, people: SlackPeople, day: string): Promise<string> {
  const author = escapeMarkdown(await people.author(message));
  const messageDay = tsDay(message.ts);
  const when = messageDay === day ? tsClock(message.ts) : `${messageDay} ${tsClock(message.ts)}`;
  const files = message.fileNames.map((name) => `[file: ${escapeMarkdown(name)}]`);
  const text = [await slackTextToMarkdown(message.text, people), ...files].filter((part) => part.trim() !== '').join(' ');
  return `**${author}** (${when}): ${text}`;
}

/** A heading `#channel day`, then each message as its own paragraph. */
export async function renderMessages(channelName: string, day: string, messages: readonly SlackMessage[], people: SlackPeople): Promise<string> {
  const lines = await Promise.all(messages.map((message) => messageLine(message, people, day)));
  return [`# #${escapeMarkdown(channelName)} ${day}`, ...lines].join('\n\n') + '\n';
}

const TITLE_LENGTH = 120;

/** A thread's title: the first line of its parent, as plain text. */
export async function threadTitle(parent: SlackMessage, people: SlackPeople): Promise<string | undefined> {
  const firstLine = (await slackTextToMarkdown(parent.text, people))
    .split('\n')
    .map((line) => line.replace(/[\\*_~`]/g, '').trim())
    .find((line) => line !== '');
  if (firstLine === undefined) {
    return undefined;
  }
  const plain = firstLine.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
  return plain.length > TITLE_LENGTH ? `${plain.slice(0, TITLE_LENGTH - 1)}…` : plain;
}
