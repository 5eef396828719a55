import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { exampleId } from '#src/common/ids/ids.js';
import { IsPrefixedId, Optional } from '#src/common/validation/validators.js';
import { InteractionSourceDto } from '#src/modules/interactions/dto/interaction.dto.js';
import { RAG_STRATEGIES, type RagStrategy } from '#src/modules/retrieval/rag-strategy.js';
import { MAX_TOKENS_REACH, TEMPERATURE_REACH } from '#src/modules/agents/dto/agent-fields.js';

export const MAX_QUERY_LENGTH = 8_000;

export class QueryRequestDto {
  @IsPrefixedId('agent')
  agent_id: string;

  @ApiProperty({ example: 'How do I reset my password?', maxLength: MAX_QUERY_LENGTH })
  @IsString()
  @Matches(/\S/, { message: 'query must not be empty or blank' })
  @MaxLength(MAX_QUERY_LENGTH)
  query: string;

  @IsPrefixedId('session', { optional: true, description: 'Continues a conversation; omit to start a new one (its id is returned).' })
  session_id?: string;

  @ApiPropertyOptional({ default: false, description: 'Answer as server-sent events: sources, delta…, done (or error).' })
  @Optional()
  @IsBoolean()
  stream?: boolean;

  @ApiPropertyOptional({ minimum: 0, maximum: 2, description: `Default: the agent's. ${TEMPERATURE_REACH}` })
  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(2)
  temperature?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 32_768, description: `Default: the agent's. ${MAX_TOKENS_REACH}` })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(32_768)
  max_tokens?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 50, default: 5, description: 'How many sources the answer is built from and returned.' })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(50)
  top_k?: number;
}

export class QueryMetadataDto {
  @ApiProperty({ example: exampleId('interaction') })
  interaction_id: string;

  @ApiProperty({ example: exampleId('session') })
  session_id: string;

  @ApiProperty({ type: 'integer', example: 840 })
  latency_ms: number;

  @ApiProperty({ type: 'integer', example: 912 })
  tokens_input: number;

  @ApiProperty({ type: 'integer', example: 143 })
  tokens_output: number;

  @ApiProperty({ example: 0.000224 })
  cost_usd: number;

  @ApiProperty({ enum: RAG_STRATEGIES })
  rag_strategy: string;

  @ApiProperty({ example: 'extractive' })
  model: string;
}

export class QueryResponseDto {
  @ApiProperty({ example: 'Open Settings, then Security, and choose Reset password [1].' })
  response: string;

  @ApiProperty({ example: exampleId('session'), description: 'Send it back as session_id to continue the conversation.' })
  session_id: string;

  @ApiProperty({ type: [InteractionSourceDto], description: 'Cited as [1], [2], … in the response, in this order.' })
  sources: InteractionSourceDto[];

  @ApiProperty({ type: QueryMetadataDto })
  metadata: QueryMetadataDto;
}

export class SemanticSearchRequestDto {
  @ApiProperty({ example: 'password reset', maxLength: MAX_QUERY_LENGTH })
  @IsString()
  @Matches(/\S/, { message: 'query must not be empty or blank' })
  @MaxLength(MAX_QUERY_LENGTH)
  query: string;

  @IsPrefixedId('organization', { description: "Must be the caller's organization." })
  org_id: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 50, default: 10 })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(50)
  top_k?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 1, description: 'Chunks scoring below it are left out.' })
  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  similarity_threshold?: number;

  @IsPrefixedId('dataSource', { each: true, optional: true, description: 'Default: every data source of the organization, and its published knowledge base.' })
  @IsArray()
  @ArrayMaxSize(100)
  data_source_ids?: string[];

  @ApiPropertyOptional({ enum: RAG_STRATEGIES, default: 'hybrid' })
  @Optional()
  @IsIn(RAG_STRATEGIES)
  rag_strategy?: RagStrategy;
}

export class SearchChunkDto {
  @ApiProperty({ example: exampleId('chunk') })
  chunk_id: string;

  @ApiProperty()
  text: string;

  @ApiProperty({ example: 0.82, minimum: 0, maximum: 1 })
  similarity_score: number;

  @ApiProperty({ example: exampleId('document') })
  document_id: string;

  @ApiProperty({ example: 'Resetting your password' })
  document_title: string;

  @ApiProperty({ example: 'https://docs.acme.test/account/password' })
  document_url: string;
}

export class SemanticSearchMetadataDto {
  @ApiProperty({ type: 'integer', example: 1280 })
  total_chunks_searched: number;

  @ApiProperty({ type: 'integer', example: 18 })
  latency_ms: number;

  @ApiProperty({ enum: RAG_STRATEGIES })
  rag_strategy: string;
}

export class SemanticSearchResponseDto {
  @ApiProperty({ type: [SearchChunkDto] })
  chunks: SearchChunkDto[];

  @ApiProperty({ type: [Number], description: 'The embedding of the query (empty for the keyword strategy).' })
  query_embedding: number[];

  @ApiProperty({ type: SemanticSearchMetadataDto })
  metadata: SemanticSearchMetadataDto;
}
