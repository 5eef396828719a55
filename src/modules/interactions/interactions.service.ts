import { Injectable } from '@nestjs/common';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { TransactionRunner } from '#src/common/database/transaction.js';
import { AppError } from '#src/common/errors/app.error.js';
import { utcDayRange } from '#src/common/validation/validators.js';
import type { FeedbackDto } from '#src/modules/interactions/dto/feedback.dto.js';
import type { ListInteractionsQueryDto } from '#src/modules/interactions/dto/interaction.dto.js';
import { toInteractionEvent } from '#src/modules/interactions/interaction-event.js';
import { DomainEventsService } from '#src/modules/events/domain-events.service.js';
import type { InteractionEntity } from '#src/modules/interactions/interaction.entity.js';
import { InteractionsRepository } from '#src/modules/interactions/interactions.repository.js';

@Injectable()
export class InteractionsService {
  constructor(
    private readonly interactions: InteractionsRepository,
    private readonly events: DomainEventsService,
    private readonly transactions: TransactionRunner,
  ) {}

  async list(auth: AuthContext, query: ListInteractionsQueryDto): Promise<{ items: InteractionEntity[]; total: number }> {
    const { from, to } = utcDayRange(query.start_date, query.end_date);
    const feedback = query.feedback === undefined ? undefined : query.feedback === 'null' ? null : query.feedback;
    return this.interactions.list(auth.orgId, { agentId: query.agent_id, from, to, feedback }, query);
  }

  /**
   * Sets or changes the feedback, whatever became of the answer (a failed one deserves a thumbs down as much
   * as a wrong one); every change is an interaction.feedback event, and the same feedback given again changes nothing. A request without `comment` keeps the
   * comment of the same verdict given again, and drops the one written for the other verdict.
   */
  async feedback(auth: AuthContext, id: string, dto: FeedbackDto): Promise<InteractionEntity> {
    return this.transactions.run(async (tx) => {
      const interaction = await this.interactions.lockById(auth.orgId, id, tx);
      if (!interaction) {
        throw AppError.notFound('Interaction', id);
      }
      const comment = dto.comment !== undefined ? dto.comment : dto.feedback === interaction.feedback ? interaction.comment : null;
      if (dto.feedback === interaction.feedback && comment === interaction.comment) {
        return interaction;
      }
      Object.assign(interaction, { feedback: dto.feedback, comment, feedbackAt: new Date() });
      const saved = await this.interactions.save(auth.orgId, interaction, tx);
      await this.events.record(tx, auth.orgId, 'interaction.feedback', { interaction: toInteractionEvent(saved) });
      return saved;
    });
  }

  /** The last `limit` completed exchanges of a session with the agent, oldest first: another agent's turns are not its context. */
  history(auth: AuthContext, sessionId: string, agentId: string, limit: number): Promise<Array<{ query: string; response: string }>> {
    return this.interactions.history(auth.orgId, sessionId, agentId, limit);
  }

  async get(auth: AuthContext, id: string): Promise<InteractionEntity> {
    const interaction = await this.interactions.findById(auth.orgId, id);
    if (!interaction) {
      throw AppError.notFound('Interaction', id);
    }
    return interaction;
  }
}
