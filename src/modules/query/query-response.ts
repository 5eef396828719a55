import type { QueryResponseDto } from '#src/modules/query/dto/query.dto.js';
import { toSourceResponse } from '#src/modules/interactions/dto/interaction.dto.js';
import type { QueryResult } from '#src/modules/query/query.service.js';

export function toQueryResponse({ interaction }: QueryResult): QueryResponseDto {
  return {
    response: interaction.response,
    session_id: interaction.sessionId ?? '',
    sources: interaction.sources.map(toSourceResponse),
    metadata: {
      interaction_id: interaction.id,
      session_id: interaction.sessionId ?? '',
      latency_ms: interaction.latencyMs,
      tokens_input: interaction.tokensInput,
      tokens_output: interaction.tokensOutput,
      cost_usd: interaction.costUsd,
      rag_strategy: interaction.ragStrategy,
      model: interaction.model,
    },
  };
}
