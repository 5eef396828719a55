import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { exampleId } from '#src/common/ids/ids.js';
import { IsCalendarDate, IsPrefixedId, Optional, PaginationQueryDto } from '#src/common/validation/validators.js';
import {
  FEEDBACK_VALUES,
  INTERACTION_STATUSES,
  type InteractionEntity,
  type InteractionSource,
  type InteractionStatus,
} from '#src/modules/interactions/interaction.entity.js';

export const FEEDBACK_FILTERS = [...FEEDBACK_VALUES, 'null'] as const;
export type FeedbackFilter = (typeof FEEDBACK_FILTERS)[number];

export class ListInteractionsQueryDto extends PaginationQueryDto {
  @IsPrefixedId('agent', {
    optional: true,
    description:
      "Only this agent's interactions, a deleted agent's included (interactions outlive their agent). An id that never named an agent of the organization selects nothing.",
  })
  agent_id?: string;

  @ApiPropertyOptional({ example: '2026-01-01', format: 'date', description: 'First UTC day included (YYYY-MM-DD).' })
  @Optional()
  @IsCalendarDate()
  start_date?: string;

  @ApiPropertyOptional({ example: '2026-01-31', format: 'date', description: 'Last UTC day included (YYYY-MM-DD).' })
  @Optional()
  @IsCalendarDate()
  end_date?: string;

  @ApiPropertyOptional({ enum: FEEDBACK_FILTERS, description: '`null` selects interactions without feedback.' })
  @Optional()
  @IsIn(FEEDBACK_FILTERS)
  feedback?: FeedbackFilter;
}

export class InteractionSourceDto {
  @ApiProperty({ example: exampleId('chunk') })
  chunk_id: string;

  @ApiProperty({ example: 'Resetting your password' })
  document_title: string;

  @ApiProperty({ example: 'https://docs.acme.test/account/password' })
  document_url: string;

  @ApiProperty({ example: 0.82, minimum: 0, maximum: 1 })
  similarity_score: number;

  @ApiProperty()
  chunk_text: string;
}

export class InteractionResponseDto {
  @ApiProperty({ example: exampleId('interaction') })
  id: string;

  @ApiProperty({ example: exampleId('agent') })
  agent_id: string;

  @ApiProperty({ type: String, nullable: true, example: exampleId('session') })
  session_id: string | null;

  @ApiProperty({ example: 'How do I reset my password?' })
  query: string;

  @ApiProperty({ description: 'Empty while the answer is being written, and when it failed.' })
  response: string;

  @ApiProperty({
    enum: INTERACTION_STATUSES,
    example: 'completed',
    description: '`pending` while the answer is being written, `completed` once it is recorded, `failed` when it could not be given (see `error`).',
  })
  status: InteractionStatus;

  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'Why the answer failed, as its client was told; null unless `status` is `failed`.',
  })
  error: string | null;

  @ApiProperty({ type: [InteractionSourceDto] })
  sources: InteractionSourceDto[];

  @ApiProperty({ type: String, enum: FEEDBACK_VALUES, nullable: true })
  feedback: string | null;

  @ApiProperty({ type: String, nullable: true })
  comment: string | null;

  @ApiProperty({ type: 'integer', example: 840 })
  latency_ms: number;

  @ApiProperty({ type: 'integer', example: 912 })
  tokens_input: number;

  @ApiProperty({ type: 'integer', example: 143 })
  tokens_output: number;

  @ApiProperty({ example: 0.000224 })
  cost_usd: number;

  @ApiProperty({ example: 'hybrid' })
  rag_strategy: string;

  @ApiProperty({ example: 'extractive' })
  model: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class InteractionListResponseDto {
  @ApiProperty({ type: [InteractionResponseDto] })
  interactions: InteractionResponseDto[];

  @ApiProperty({ type: 'integer' })
  total: number;

  @ApiProperty({ type: 'integer' })
  limit: number;

  @ApiProperty({ type: 'integer' })
  offset: number;
}

export function toSourceResponse(source: InteractionSource): InteractionSourceDto {
  return {
    chunk_id: source.chunkId,
    document_title: source.documentTitle,
    document_url: source.documentUrl,
    similarity_score: source.similarityScore,
    chunk_text: source.chunkText,
  };
}

export function toInteractionResponse(interaction: InteractionEntity): InteractionResponseDto {
  return {
    id: interaction.id,
    agent_id: interaction.agentId,
    session_id: interaction.sessionId,
    query: interaction.query,
    response: interaction.response,
    status: interaction.status,
    error: interaction.error,
    sources: interaction.sources.map(toSourceResponse),
    feedback: interaction.feedback,
    comment: interaction.comment,
    latency_ms: interaction.latencyMs,
    tokens_input: interaction.tokensInput,
    tokens_output: interaction.tokensOutput,
    cost_usd: interaction.costUsd,
    rag_strategy: interaction.ragStrategy,
    model: interaction.model,
    created_at: interaction.createdAt.toISOString(),
  };
}
