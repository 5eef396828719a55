import type { AgentEntity } from '#src/modules/agents/agent.entity.js';
import { toLegacyAgentResponse } from '#src/modules/agents/legacy/legacy-agent.dto.js';
import type { AgentEventResource } from '#src/modules/events/event-map.js';

/** The agent as agent.* events carry it: camelCase, its status upper case as event payloads show statuses. */
export function toAgentEvent(agent: AgentEntity): AgentEventResource {
  return { ...toLegacyAgentResponse(agent), status: agent.status.toUpperCase() };
}
