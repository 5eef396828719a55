/** The workspace a Slack fake serves: channels, users and messages, with Slack's own shapes. */

export interface FakeMessage {
  type: 'message';
  ts: string;
  user: string;
  text: string;
  subtype?: string;
  thread_ts?: string;
  reply_count?: number;
  reply_users?: string[];
  reply_users_count?: number;
  latest_reply?: string;
  parent_user_id?: string;
  edited?: { user: string; ts: string };
}

export interface FakeChannel {
  id: string;
  name: string;
  is_member: boolean;
  is_archived: boolean;
  created: number;
}

export interface FakeUser {
  id: string;
  name: string;
  real_name: string;
  display_name: string;
}

export const TEAM = { id: 'T0ACME', name: 'Acme', url: 'https://acme.slack.com/' } as const;
export const BOT_USER_ID = 'U0BOT';
export const ENGINEERING = 'C0ENG';

export const USERS: readonly FakeUser[] = [
  { id: 'U0ADA', name: 'ada', real_name: 'Ada Lovelace', display_name: '' },
  { id: 'U0GRACE', name: 'grace', real_name: 'Grace Hopper', display_name: 'Grace' },
  { id: BOT_USER_ID, name: 'knowledge-bot', real_name: 'Knowledge bot', display_name: '' },
];

export const initialChannels = (): FakeChannel[] => [
  { id: 'C0DESIGN', name: 'design', is_member: true, is_archived: false, created: 1_600_000_000 },
  { id: ENGINEERING, name: 'engineering', is_member: true, is_archived: false, created: 1_600_000_000 },
  { id: 'C0OLD', name: 'old-project', is_member: true, is_archived: true, created: 1_500_000_000 },
  { id: 'C0RANDOM', name: 'random', is_member: false, is_archived: false, created: 1_600_000_000 },
];

/** Compares two ts values (`1712345678.000100`) exactly, without floating point. */
export const compareTs = (a: string, b: string): number => {
  const [aSeconds = '0', aMicros = '0'] = a.split('.');
  const [bSeconds = '0', bMicros = '0'] = b.split('.');
  return Number(aSeconds) - Number(bSeconds) || Number(aMicros.padEnd(6, '0')) - Number(bMicros.padEnd(6, '0'));
};

export const userObject = (user: FakeUser): Record<string, unknown> => ({
  id: user.id,
  team_id: TEAM.id,
  name: user.name,
  deleted: false,
  real_name: user.real_name,
  is_bot: user.id === BOT_USER_ID,
  profile: { real_name: user.real_name, display_name: user.display_name, real_name_normalized: user.real_name, display_name_normalized: user.display_name },
});

export const channelObject = (channel: FakeChannel): Record<string, unknown> => ({
  id: channel.id,
  name: channel.name,
  is_channel: true,
  is_group: false,
  is_im: false,
  is_private: false,
  is_archived: channel.is_archived,
  is_general: false,
  is_member: channel.is_member,
  created: channel.created,
  creator: 'U0ADA',
  name_normalized: channel.name,
  num_members: 3,
});
