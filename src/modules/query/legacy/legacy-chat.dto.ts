import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { exampleId } from '#src/common/ids/ids.js';
import { IsPrefixedId } from '#src/common/validation/validators.js';
import { MAX_QUERY_LENGTH } from '#src/modules/query/dto/query.dto.js';
import type { QueryResult } from '#src/modules/query/query.service.js';

export class LegacyChatRequestDto {
  @ApiProperty({ example: 'How do I reset my password?', maxLength: MAX_QUERY_LENGTH })
  @IsString()
  @Matches(/\S/, { message: 'prompt must not be empty or blank' })
  @MaxLength(MAX_QUERY_LENGTH)
  prompt: string;

  @IsPrefixedId('agent')
  agentId: string;

  @IsPrefixedId('session', {
    optional: true,
    description: 'Continues the session of that id (the session_id POST /api/v1/query returns); the abbreviated answer names none.',
  })
  sessionId?: string;
}

export class LegacyChatSourceDto {
  @ApiProperty({ example: exampleId('chunk') })
  chunk_id: string;

  @ApiProperty({ example: 0.82 })
  similarity: number;
}

export class LegacyChatResponseDto {
  @ApiProperty()
  response: string;

  @ApiProperty({ type: [LegacyChatSourceDto] })
  sources: LegacyChatSourceDto[];

  @ApiProperty({ type: 'integer', example: 840 })
  latency_ms: number;
}

/** The abbreviated form of the legacy chat path. */
export function toLegacyChatResponse({ interaction }: QueryResult): LegacyChatResponseDto {
  return {
    response: interaction.response,
    sources: interaction.sources.map((source) => ({ chunk_id: source.chunkId, similarity: source.similarityScore })),
    latency_ms: interaction.latencyMs,
  };
}
