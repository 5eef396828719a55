import type { Connector } from '#src/modules/connectors/connector.js';
import { slackChanges, slackDocuments, slackDocumentsByKey } from '#src/modules/connectors/slack/slack-changes.js';
import type { SlackCheckpoint } from '#src/modules/connectors/slack/slack-checkpoint.js';
import { SlackConfigDto } from '#src/modules/connectors/slack/slack-config.dto.js';
import { slackOAuth } from '#src/modules/connectors/slack/slack-oauth.js';

/** Public channels of a Slack workspace: a document per channel and UTC day, and one per thread. */
export const slackConnector: Connector<SlackConfigDto, SlackCheckpoint> = {
  type: 'slack',
  configDto: SlackConfigDto,
  normaliseConfig: (config) =>
    Promise.resolve({
      ...(config.channel_ids === undefined ? {} : { channel_ids: [...new Set(config.channel_ids)] }),
      include_threads: config.include_threads ?? true,
    }),
  oauth: slackOAuth,
  changes: slackChanges,
  listDocuments: slackDocuments,
  fetchDocuments: slackDocumentsByKey,
};
