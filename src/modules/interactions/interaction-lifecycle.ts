import { Injectable } from '@nestjs/common';
import { apiKeyIdOf, type AuthContext } from '#src/common/auth/auth-context.js';
import { TransactionRunner, type Tx } from '#src/common/database/transaction.js';
import { newId } from '#src/common/ids/ids.js';
import { DomainEventsService } from '#src/modules/events/domain-events.service.js';
import { InteractionEntity, type InteractionSource } from '#src/modules/interactions/interaction.entity.js';
import { toInteractionEvent } from '#src/modules/interactions/interaction-event.js';
import { InteractionsRepository } from '#src/modules/interactions/interactions.repository.js';

/** What a query is asked with: the agent answering it (its strategy and model at that moment) and the session. */
export interface InteractionOpening {
  agentId: string;
  sessionId: string;
  query: string;
  ragStrategy: string;
  model: string;
}

/** An answer, as the interaction records it. */
export type InteractionAnswer = Pick<InteractionEntity, 'response' | 'citationCount' | 'tokensInput' | 'tokensOutput' | 'costUsd'> & {
  sources: InteractionSource[];
};

/**
 * The one writer of interactions as queries make them, and of their events: opened `pending` with
 * interaction.created, then completed (interaction.completed) or failed. Latency runs from `startedAt`
 * (a `performance.now()` mark taken when the query arrived) to the moment the outcome is recorded.
 */
@Injectable()
export class InteractionLifecycle {
  constructor(
    private readonly interactions: InteractionsRepository,
    private readonly events: DomainEventsService,
    private readonly transactions: TransactionRunner,
  ) {}

  /** Records the query as a pending interaction, and interaction.created, in the caller's transaction. */
  async open(auth: AuthContext, opening: InteractionOpening, tx: Tx): Promise<InteractionEntity> {
    const interaction = await this.interactions.insert(
      auth.orgId,
      Object.assign(new InteractionEntity(), {
        id: newId('interaction'),
        orgId: auth.orgId,
        agentId: opening.agentId,
        sessionId: opening.sessionId,
        userId: auth.userId,
        apiKeyId: apiKeyIdOf(auth),
        query: opening.query,
        response: '',
        status: 'pending',
        error: null,
        sources: [],
        feedback: null,
        comment: null,
        feedbackAt: null,
        latencyMs: 0,
        tokensInput: 0,
        tokensOutput: 0,
        costUsd: 0,
        ragStrategy: opening.ragStrategy,
        model: opening.model,
      }),
      tx,
    );
    await this.events.record(tx, auth.orgId, 'interaction.created', { interaction: toInteractionEvent(interaction) });
    return interaction;
  }

  /** Records the answer, and interaction.completed. */
  complete(interaction: InteractionEntity, answer: InteractionAnswer, startedAt: number): Promise<InteractionEntity> {
    return this.transactions.run(async (tx) => {
      const completed = await this.record(interaction, { ...answer, status: 'completed' }, startedAt, tx);
      await this.events.record(tx, completed.orgId, 'interaction.completed', { interaction: toInteractionEvent(completed) });
      return completed;
    });
  }

  /** Records why no answer could be given; no event, as the contract has none for it. */
  /** `sources`: what retrieval found before answering failed, as a streaming client was already shown. */
  fail(interaction: InteractionEntity, error: string, startedAt: number, sources: InteractionSource[] = []): Promise<InteractionEntity> {
    return this.transactions.run((tx) => this.record(interaction, { status: 'failed', error, sources }, startedAt, tx));
  }

  /**
   * Writes the outcome's columns only: feedback may have been given while the answer was being written
   * (a person reacting mid-stream), and it stays. The row is read back as it now is.
   */
  private async record(interaction: InteractionEntity, outcome: Partial<InteractionEntity>, startedAt: number, tx: Tx): Promise<InteractionEntity> {
    const changes = { ...outcome, latencyMs: Math.round(performance.now() - startedAt) };
    await this.interactions.update(interaction.orgId, interaction.id, changes, tx);
    return (await this.interactions.findById(interaction.orgId, interaction.id, tx)) ?? Object.assign(interaction, changes);
  }
}
