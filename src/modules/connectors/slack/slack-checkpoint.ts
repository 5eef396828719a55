/** What the last completed read of one channel saw, for the next pass to compare against. */
export interface SlackChannelState {
  /** When that read started (a Slack ts): the next pass re-reads from LOOKBACK_DAYS before its day. */
  readAt: string;
  /** Version of each document within the next pass's window, by its key within the channel (a day or a thread ts). */
  versions: Record<string, string>;
}

/** The channel a pass is reading. */
export interface SlackChannelProgress {
  channel: string;
  /** Every message from this ts on (a UTC day's start) is done: a resumed read asks only for older ones. */
  before?: string;
  /** Versions of the documents this pass has read in the channel so far. */
  versions: Record<string, string>;
}

/** A pass under way: channels are read in id order. */
export interface SlackPass {
  startedAt: string;
  /** Channels up to this id (included) are done. */
  doneThrough?: string;
  current?: SlackChannelProgress;
}

/** Plain JSON: per channel, what was read; while a pass runs, where it stands (absent once it completed). */
export interface SlackCheckpoint {
  channels: Record<string, SlackChannelState>;
  pass?: SlackPass;
}
