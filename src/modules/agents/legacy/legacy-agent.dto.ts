import { ApiProperty } from '@nestjs/swagger';
import { exampleId } from '#src/common/ids/ids.js';
import { AGENT_STATUSES, type AgentEntity } from '#src/modules/agents/agent.entity.js';
import { RAG_STRATEGIES } from '#src/modules/retrieval/rag-strategy.js';

export class LegacyAgentResponseDto {
  @ApiProperty({ example: exampleId('agent') })
  id: string;

  @ApiProperty()
  name: string;

  @ApiProperty({ type: String, nullable: true })
  systemPrompt: string | null;

  @ApiProperty({ enum: RAG_STRATEGIES })
  ragStrategy: string;

  @ApiProperty()
  model: string;

  @ApiProperty()
  temperature: number;

  @ApiProperty({ type: 'integer' })
  maxTokens: number;

  @ApiProperty({ enum: AGENT_STATUSES })
  status: string;

  @ApiProperty({ type: [String] })
  dataSourceIds: string[];

  @ApiProperty({ type: String, nullable: true })
  providerKeyId: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt: string;
}

export class LegacyAgentListResponseDto {
  @ApiProperty({ type: [LegacyAgentResponseDto] })
  agents: LegacyAgentResponseDto[];

  @ApiProperty({ type: 'integer' })
  total: number;

  @ApiProperty({ type: 'integer' })
  limit: number;

  @ApiProperty({ type: 'integer' })
  offset: number;
}

/** The camelCase form, used by the legacy path and by event payloads. */
export function toLegacyAgentResponse(agent: AgentEntity): LegacyAgentResponseDto {
  return {
    id: agent.id,
    name: agent.name,
    systemPrompt: agent.systemPrompt,
    ragStrategy: agent.ragStrategy,
    model: agent.model,
    temperature: agent.temperature,
    maxTokens: agent.maxTokens,
    status: agent.status,
    dataSourceIds: agent.dataSourceIds,
    providerKeyId: agent.providerKeyId,
    createdAt: agent.createdAt.toISOString(),
    updatedAt: agent.updatedAt.toISOString(),
  };
}
