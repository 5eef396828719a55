import { ProviderCallError } from '#src/modules/connectors/provider/provider-failure.js';
import type { SlackClient, SlackMessage } from '#src/modules/connectors/slack/slack-client.js';

/** User names by id, each looked up once per pass; a user Slack no longer knows keeps its id. */
export class SlackPeople {
  private readonly names = new Map<string, Promise<string>>();

  constructor(private readonly client: SlackClient) {}

  name(userId: string): Promise<string> {
    let name = this.names.get(userId);
    if (name === undefined) {
      name = this.lookUp(userId);
      this.names.set(userId, name);
      // A failed look-up (an outage) is tried again by the next caller rather than remembered.
      name.catch(() => this.names.delete(userId));
    }
    return name;
  }

  author(message: SlackMessage): Promise<string> {
    if (message.user !== undefined) {
      return this.name(message.user);
    }
    return Promise.resolve(message.username ?? 'Slack');
  }

  private async lookUp(userId: string): Promise<string> {
    try {
      return await this.client.userName(userId);
    } catch (error) {
      if (error instanceof ProviderCallError && error.failure.kind === 'not_found') {
        return userId;
      }
      throw error;
    }
  }
}
