import { ApiProperty } from '@nestjs/swagger';
import { exampleId } from '#src/common/ids/ids.js';
import { AGENT_STATUSES, type AgentEntity, type AgentStatus } from '#src/modules/agents/agent.entity.js';
import { AgentField } from '#src/modules/agents/dto/agent-fields.js';
import { RAG_STRATEGIES, type RagStrategy } from '#src/modules/retrieval/rag-strategy.js';

export class CreateAgentDto {
  @AgentField.name(true)
  name: string;

  @AgentField.dataSourceIds(true)
  data_source_ids: string[];

  @AgentField.systemPrompt()
  system_prompt?: string | null;

  @AgentField.ragStrategy()
  rag_strategy?: RagStrategy;

  @AgentField.model()
  model?: string;

  @AgentField.temperature()
  temperature?: number;

  @AgentField.maxTokens()
  max_tokens?: number;

  @AgentField.providerKeyId()
  provider_key_id?: string | null;

  @AgentField.status()
  status?: AgentStatus;
}

export class UpdateAgentDto {
  @AgentField.name(false)
  name?: string;

  @AgentField.dataSourceIds(false)
  data_source_ids?: string[];

  @AgentField.systemPrompt()
  system_prompt?: string | null;

  @AgentField.ragStrategy()
  rag_strategy?: RagStrategy;

  @AgentField.model()
  model?: string;

  @AgentField.temperature()
  temperature?: number;

  @AgentField.maxTokens()
  max_tokens?: number;

  @AgentField.providerKeyId()
  provider_key_id?: string | null;

  @AgentField.status()
  status?: AgentStatus;
}

export class AgentResponseDto {
  @ApiProperty({ example: exampleId('agent') })
  id: string;

  @ApiProperty({ example: 'Support assistant' })
  name: string;

  @ApiProperty({ type: String, nullable: true })
  system_prompt: string | null;

  @ApiProperty({ enum: RAG_STRATEGIES })
  rag_strategy: string;

  @ApiProperty({ example: 'extractive' })
  model: string;

  @ApiProperty({ example: 0.2 })
  temperature: number;

  @ApiProperty({ type: 'integer', example: 1024 })
  max_tokens: number;

  @ApiProperty({ enum: AGENT_STATUSES })
  status: string;

  @ApiProperty({ type: [String], example: [exampleId('dataSource')] })
  data_source_ids: string[];

  @ApiProperty({ type: String, nullable: true, example: null })
  provider_key_id: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class AgentListResponseDto {
  @ApiProperty({ type: [AgentResponseDto] })
  agents: AgentResponseDto[];

  @ApiProperty({ type: 'integer', example: 1 })
  total: number;

  @ApiProperty({ type: 'integer', example: 50 })
  limit: number;

  @ApiProperty({ type: 'integer', example: 0 })
  offset: number;
}

export function toAgentResponse(agent: AgentEntity): AgentResponseDto {
  return {
    id: agent.id,
    name: agent.name,
    system_prompt: agent.systemPrompt,
    rag_strategy: agent.ragStrategy,
    model: agent.model,
    temperature: agent.temperature,
    max_tokens: agent.maxTokens,
    status: agent.status,
    data_source_ids: agent.dataSourceIds,
    provider_key_id: agent.providerKeyId,
    created_at: agent.createdAt.toISOString(),
    updated_at: agent.updatedAt.toISOString(),
  };
}
