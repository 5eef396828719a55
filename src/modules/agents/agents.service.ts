import { Injectable } from '@nestjs/common';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { TransactionRunner, type Tx } from '#src/common/database/transaction.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { newId } from '#src/common/ids/ids.js';
import type { Page } from '#src/common/validation/validators.js';
import { AgentCache } from '#src/modules/agents/agent-cache.js';
import { AgentEntity } from '#src/modules/agents/agent.entity.js';
import { AgentsRepository } from '#src/modules/agents/agents.repository.js';
import { AGENT_DEFAULTS } from '#src/modules/agents/dto/agent-fields.js';
import type { CreateAgentDto, UpdateAgentDto } from '#src/modules/agents/dto/agent.dto.js';
import { toAgentEvent } from '#src/modules/agents/agent-event.js';
import { DataSourcesRepository } from '#src/modules/data-sources/data-sources.repository.js';
import { DomainEventsService } from '#src/modules/events/domain-events.service.js';
import { diffChanges } from '#src/modules/events/event-map.js';
import { DEFAULT_MODEL, modelInfo } from '#src/modules/generation/model-catalog.js';
import { ProviderKeysService } from '#src/modules/provider-keys/provider-keys.service.js';
import { DEFAULT_RAG_STRATEGY } from '#src/modules/retrieval/rag-strategy.js';

@Injectable()
export class AgentsService {
  constructor(
    private readonly agents: AgentsRepository,
    private readonly dataSources: DataSourcesRepository,
    private readonly providerKeys: ProviderKeysService,
    private readonly events: DomainEventsService,
    private readonly transactions: TransactionRunner,
    private readonly cache: AgentCache,
  ) {}

  async create(auth: AuthContext, dto: CreateAgentDto): Promise<AgentEntity> {
    return this.change(auth.orgId, async (tx) => {
      await this.assertDataSourcesExist(auth.orgId, dto.data_source_ids, tx);
      await this.assertProviderKeyFits(auth.orgId, dto.model ?? DEFAULT_MODEL, dto.provider_key_id ?? null, tx);
      const agent = await this.agents.insert(
        auth.orgId,
        Object.assign(new AgentEntity(), {
          id: newId('agent'),
          orgId: auth.orgId,
          name: dto.name,
          systemPrompt: dto.system_prompt ?? null,
          ragStrategy: dto.rag_strategy ?? DEFAULT_RAG_STRATEGY,
          model: dto.model ?? DEFAULT_MODEL,
          temperature: dto.temperature ?? AGENT_DEFAULTS.temperature,
          maxTokens: dto.max_tokens ?? AGENT_DEFAULTS.maxTokens,
          status: dto.status ?? 'active',
          dataSourceIds: dto.data_source_ids,
          providerKeyId: dto.provider_key_id ?? null,
        }),
        tx,
      );
      await this.events.record(tx, auth.orgId, 'agent.created', { agent: toAgentEvent(agent) });
      return agent;
    });
  }

  async list(auth: AuthContext, page: Page): Promise<{ items: AgentEntity[]; total: number }> {
    return this.cache.page(auth.orgId, page, () => this.agents.list(auth.orgId, page));
  }

  async get(auth: AuthContext, id: string): Promise<AgentEntity> {
    const agent = await this.cache.agent(auth.orgId, id, () => this.agents.findById(auth.orgId, id));
    if (!agent) {
      throw AppError.notFound('Agent', id);
    }
    return agent;
  }

  /** Only the fields sent change; a request that changes nothing leaves the agent, its updated_at included, as it was. */
  async update(auth: AuthContext, id: string, dto: UpdateAgentDto): Promise<AgentEntity> {
    return this.change(auth.orgId, async (tx) => {
      // Data sources before the agent, as a data source's delete takes them (its row, then its agents): no circle of waits.
      if (dto.data_source_ids) {
        await this.assertDataSourcesExist(auth.orgId, dto.data_source_ids, tx);
      }
      const agent = await this.agents.lockById(auth.orgId, id, tx);
      if (!agent) {
        throw AppError.notFound('Agent', id);
      }
      const providerKeyId = dto.provider_key_id === undefined ? agent.providerKeyId : dto.provider_key_id;
      if (dto.provider_key_id !== undefined || dto.model !== undefined) {
        await this.assertProviderKeyFits(auth.orgId, dto.model ?? agent.model, providerKeyId, tx);
      }
      const before = toAgentEvent(agent);
      Object.assign(agent, {
        name: dto.name ?? agent.name,
        systemPrompt: dto.system_prompt === undefined ? agent.systemPrompt : dto.system_prompt,
        ragStrategy: dto.rag_strategy ?? agent.ragStrategy,
        model: dto.model ?? agent.model,
        temperature: dto.temperature ?? agent.temperature,
        maxTokens: dto.max_tokens ?? agent.maxTokens,
        status: dto.status ?? agent.status,
        dataSourceIds: dto.data_source_ids ?? agent.dataSourceIds,
        providerKeyId,
      });
      const changes = diffChanges(before, toAgentEvent(agent));
      if (Object.keys(changes).length === 0) {
        return agent;
      }
      const saved = await this.agents.save(auth.orgId, agent, tx);
      await this.events.record(tx, auth.orgId, 'agent.updated', { agent: toAgentEvent(saved), changes });
      return saved;
    });
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    await this.change(auth.orgId, async (tx) => {
      if (!(await this.agents.delete(auth.orgId, id, tx))) {
        throw AppError.notFound('Agent', id);
      }
      await this.events.record(tx, auth.orgId, 'agent.deleted', { agent: { id } });
    });
  }

  /** A change to the organization's agents in one transaction, then evicted from every instance's cache. */
  private change<T>(orgId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.cache.changing(orgId, () => this.transactions.run(work));
  }

  /** A provider key must exist in the organization and be of the provider the model runs on. */
  private async assertProviderKeyFits(orgId: string, model: string, providerKeyId: string | null, tx: Tx): Promise<void> {
    if (providerKeyId === null) {
      return;
    }
    const key = await this.providerKeys.findForReference(orgId, providerKeyId, tx);
    if (!key) {
      throw new AppError(ErrorCode.NotFound, `Provider key ${providerKeyId} not found`, { details: { provider_key_id: [providerKeyId] } });
    }
    const provider = modelInfo(model)?.provider;
    if (provider !== key.provider) {
      const message =
        provider === 'builtin'
          ? `The ${model} model calls no provider: it takes no provider key`
          : `Model ${model} does not run on a ${key.provider} provider key`;
      throw AppError.invalid(message, { provider_key_id: [message] });
    }
  }

  /**
   * Another organization's data source is as absent as a made-up one: 404. The sources stay share-locked
   * while the agent is written, so a delete running at the same moment either comes first (and this is a
   * 404) or waits and then drops the id from this agent too.
   */
  private async assertDataSourcesExist(orgId: string, ids: string[], tx: Tx): Promise<void> {
    const existing = await this.dataSources.lockSharedIds(orgId, ids, tx);
    const missing = ids.filter((id) => !existing.has(id));
    if (missing.length > 0) {
      throw new AppError(ErrorCode.NotFound, `Data source ${missing.join(', ')} not found`, { details: { data_source_ids: missing } });
    }
  }
}
