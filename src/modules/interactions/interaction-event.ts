import type { InteractionEntity } from '#src/modules/interactions/interaction.entity.js';

/** The interaction as interaction.* events carry it (camelCase, status upper case; `prompt` is the query, as the contract names it). */
export function toInteractionEvent(interaction: InteractionEntity): Record<string, unknown> {
  return {
    id: interaction.id,
    prompt: interaction.query,
    response: interaction.response,
    agentId: interaction.agentId,
    userId: interaction.userId,
    apiKeyId: interaction.apiKeyId,
    sessionId: interaction.sessionId,
    status: interaction.status.toUpperCase(),
    sources: interaction.sources.map((source) => ({
      chunkId: source.chunkId,
      chunkText: source.chunkText,
      documentTitle: source.documentTitle,
      documentUrl: source.documentUrl,
      similarityScore: source.similarityScore,
    })),
    feedback: interaction.feedback,
    comment: interaction.comment,
    latencyMs: interaction.latencyMs,
    tokensInput: interaction.tokensInput,
    tokensOutput: interaction.tokensOutput,
    // A row read back from an INSERT … RETURNING holds the numeric column as text.
    costUsd: Number(interaction.costUsd),
    ragStrategy: interaction.ragStrategy,
    model: interaction.model,
    createdAt: interaction.createdAt.toISOString(),
  };
}
