import type { InteractionEntity } from '#src/modules/interactions/interaction.entity.js';

/** The interaction as interaction.* events carry it (camelCase; `prompt` is the query, as the contract names it). */
export function toInteractionEvent(interaction: InteractionEntity): Record<string, unknown> {
  return {
    id: interaction.id,
    prompt: interaction.query,
    response: interaction.response,
    agentId: interaction.agentId,
    userId: interaction.userId,
    apiKeyId: interaction.apiKeyId,
    sessionId: interaction.sessionId,
    status: interaction.status,
    sources: interaction.sources.map((source) => ({
      chunkId: source.chunkId,
      documentTitle: source.documentTitle,
      documentUrl: source.documentUrl,
      similarityScore: source.similarityScore,
    })),
    feedback: interaction.feedback,
    comment: interaction.comment,
    latencyMs: interaction.latencyMs,
    tokensInput: interaction.tokensInput,
    tokensOutput: interaction.tokensOutput,
    costUsd: interaction.costUsd,
    ragStrategy: interaction.ragStrategy,
    model: interaction.model,
    createdAt: interaction.createdAt.toISOString(),
  };
}
