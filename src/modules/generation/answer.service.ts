import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Agent } from 'undici';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { AppError } from '#src/common/errors/app.error.js';
import { createGuardedDispatcher, findBlockedAddressError, resolvePublicAddresses } from '#src/common/net/ssrf-guard.js';
import { AnthropicAnswerer } from '#src/modules/generation/anthropic-answerer.js';
import { Answerer, type AnswerOptions, type AnswerRequest, type AnswerResult, type ProviderCredentials } from '#src/modules/generation/answerer.js';
import { CitationFilter, sanitizeCitations } from '#src/modules/generation/citations.js';
import { ExtractiveAnswerer } from '#src/modules/generation/extractive/extractive-answerer.js';
import { costUsd, KNOWN_MODELS, modelInfo, outputTokensFor, type ModelInfo, type ModelProvider } from '#src/modules/generation/model-catalog.js';
import { OpenAIChatAnswerer } from '#src/modules/generation/openai-chat-answerer.js';
import { NO_ANSWER } from '#src/modules/generation/prompt.js';
import { blockedBaseUrl, isAbort, toProviderAppError, type ProviderCallContext } from '#src/modules/generation/provider-errors.js';
import { fetchThrough, type FetchFunction } from '#src/common/net/fetch-through.js';
import { hostOf, type ProviderTarget } from '#src/modules/generation/provider-target.js';

/** An answer with what it cost. */
export interface GeneratedAnswer extends AnswerResult {
  /** USD at the model catalog's list prices (see costUsd): 0 for `extractive`, `custom:` models and unanswered queries. */
  costUsd: number;
}

const CUSTOM_PREFIX = 'custom:';

function supportedModel(model: string): ModelInfo {
  const info = modelInfo(model);
  if (!info) {
    throw AppError.conflict(`Model "${model}" is not supported: use one of ${KNOWN_MODELS.join(', ')}, or custom:<name>`);
  }
  return info;
}

const LABELS: Record<Exclude<ModelProvider, 'builtin'>, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  custom: 'The custom model endpoint',
};

/**
 * The one answerer the rest of the service uses: it dispatches on the model name (`extractive`, an OpenAI
 * or Anthropic model of the catalog, `custom:<model>`), and every answer, whoever wrote it, leaves here with
 * its citation markers checked against the sources given (see citations.ts), streamed deltas included.
 *
 * - Credentials: `request.credentials` (the customer's provider key) win over the operator's settings
 *   (OPENAI_API_KEY, ANTHROPIC_API_KEY, CUSTOM_MODEL_BASE_URL/CUSTOM_MODEL_API_KEY); a provider key for
 *   another provider than the model's is a 409. No key at all: 409 naming what to configure.
 * - A customer-supplied base URL is reached only through the SSRF guard (public addresses, checked on the
 *   address connected to, unless ALLOW_PRIVATE_TARGETS); operator-configured URLs are trusted.
 * - A provider model is asked for at most the output tokens it can write (the catalog's maxOutputTokens),
 *   whatever max_tokens says: the provider would refuse the request otherwise.
 * - No sources: the NO_ANSWER text, without calling any provider (nothing to cite, nothing to pay for).
 * - An empty answer from a provider becomes NO_ANSWER.
 * - `options.signal` aborts the provider's HTTP call; the promise then rejects with the signal's reason.
 * - Provider failures become AppErrors (table in provider-errors.ts).
 */
@Injectable()
export class AnswerService extends Answerer implements OnApplicationShutdown {
  private readonly extractive = new ExtractiveAnswerer();
  private readonly openai = new OpenAIChatAnswerer();
  private readonly anthropic = new AnthropicAnswerer();
  private readonly dispatcher: Agent;
  private readonly guardedFetch: FetchFunction;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
    this.dispatcher = createGuardedDispatcher({ allowPrivateTargets: config.allowPrivateTargets, connectTimeoutMs: config.generation.timeoutMs });
    this.guardedFetch = fetchThrough(this.dispatcher);
  }

  override async checkRunnable(model: string, credentials?: ProviderCredentials): Promise<void> {
    const info = supportedModel(model);
    if (info.provider === 'builtin') {
      return;
    }
    const target = this.target({ model, credentials }, info.provider);
    if (target.fetch) {
      try {
        await this.checkCustomerUrl(target.baseUrl);
      } catch (error) {
        const blocked = findBlockedAddressError(error);
        throw blocked ? blockedBaseUrl(blocked) : error;
      }
    }
  }

  async answer(request: AnswerRequest, options: AnswerOptions = {}): Promise<GeneratedAnswer> {
    const info = supportedModel(request.model);
    throwIfAborted(options.signal);
    const sourceCount = request.sources.length;
    const forward = options.onDelta;
    const filter = new CitationFilter(sourceCount);
    const onDelta = forward
      ? (text: string) => {
          const safe = filter.push(text);
          if (safe !== '') {
            forward(safe);
          }
        }
      : undefined;

    let raw: AnswerResult;
    let charged = true;
    if (info.provider === 'builtin') {
      raw = await this.extractive.answer(request, { signal: options.signal, onDelta });
    } else if (sourceCount === 0) {
      raw = { text: NO_ANSWER, tokensInput: 0, tokensOutput: 0 };
      onDelta?.(NO_ANSWER);
      charged = false;
    } else {
      raw = await this.callProvider(request, info.provider, { signal: options.signal, onDelta });
    }

    let text = sanitizeCitations(raw.text, sourceCount);
    const rest = filter.flush();
    if (forward && rest !== '') {
      forward(rest);
    }
    if (text === '') {
      text = NO_ANSWER;
      forward?.(NO_ANSWER);
    }
    return {
      text,
      tokensInput: raw.tokensInput,
      tokensOutput: raw.tokensOutput,
      costUsd: charged ? costUsd(request.model, raw.tokensInput, raw.tokensOutput) : 0,
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.dispatcher.destroy().catch(() => undefined);
  }

  private async callProvider(request: AnswerRequest, provider: Exclude<ModelProvider, 'builtin'>, options: AnswerOptions): Promise<AnswerResult> {
    const target = this.target(request, provider);
    const context: ProviderCallContext = {
      label: target.label,
      host: target.fetch ? hostOf(target.baseUrl) : undefined,
      model: target.model,
      timeoutMs: target.timeoutMs,
      maxRetries: target.maxRetries,
      keySource: target.keySource,
      apiKey: target.apiKey,
    };
    try {
      if (target.fetch) {
        await this.checkCustomerUrl(target.baseUrl);
      }
      const answerer = target.api === 'anthropic' ? this.anthropic : this.openai;
      return await answerer.answer({ ...request, maxTokens: outputTokensFor(request.model, request.maxTokens) }, target, options);
    } catch (error) {
      if (isAbort(error, options.signal)) {
        throw options.signal?.reason;
      }
      throw toProviderAppError(error, context);
    }
  }

  /** Where the answer comes from: the customer's provider key first, else the operator's configuration. */
  private target(request: Pick<AnswerRequest, 'model' | 'credentials'>, provider: Exclude<ModelProvider, 'builtin'>): ProviderTarget {
    const credentials = request.credentials;
    if (credentials && credentials.provider !== provider) {
      throw AppError.conflict(
        `The agent's provider key is for ${credentials.provider}, but model "${request.model}" runs on ${provider}: attach a provider key of provider "${provider}" or change the model`,
      );
    }
    const settings = this.config.generation;
    const common = { label: LABELS[provider], timeoutMs: settings.timeoutMs, maxRetries: settings.maxRetries };
    const keySource = credentials ? "the agent's provider key" : undefined;
    switch (provider) {
      case 'openai':
      case 'anthropic': {
        const configured = settings[provider];
        const setting = provider === 'openai' ? 'OPENAI_API_KEY' : 'ANTHROPIC_API_KEY';
        const apiKey = credentials?.apiKey ?? configured.apiKey;
        if (!apiKey) {
          throw AppError.conflict(
            `No ${LABELS[provider]} API key is configured for model "${request.model}": set ${setting}, or attach a provider key of provider "${provider}" to the agent (POST /api/v1/provider-keys)`,
          );
        }
        const customerUrl = credentials?.baseUrl ?? undefined;
        return {
          ...common,
          api: provider,
          dialect: provider,
          baseUrl: customerUrl ?? configured.baseUrl,
          apiKey,
          model: request.model,
          fetch: customerUrl ? this.guardedFetch : undefined,
          keySource: keySource ?? setting,
        };
      }
      case 'custom': {
        const baseUrl = credentials ? credentials.baseUrl : settings.custom.baseUrl;
        if (!baseUrl) {
          throw AppError.conflict(
            credentials
              ? `The agent's custom provider key has no base_url: create one with the endpoint's base_url`
              : `No endpoint is configured for model "${request.model}": set CUSTOM_MODEL_BASE_URL (an OpenAI-compatible /v1 URL), or attach a custom provider key with a base_url to the agent`,
          );
        }
        return {
          ...common,
          api: 'openai',
          dialect: 'compatible',
          baseUrl,
          apiKey: credentials ? credentials.apiKey : settings.custom.apiKey,
          model: request.model.slice(CUSTOM_PREFIX.length),
          fetch: credentials ? this.guardedFetch : undefined,
          keySource: keySource ?? 'CUSTOM_MODEL_API_KEY',
        };
      }
    }
  }

  /**
   * Refuses at once a customer URL whose host is, or resolves to, a non-public address, so the SDK does not
   * retry a connection the guard will refuse anyway. The guarded dispatcher still checks every connection.
   */
  private async checkCustomerUrl(baseUrl: string): Promise<void> {
    let url: URL;
    try {
      url = new URL(baseUrl);
    } catch {
      throw AppError.conflict("The agent's provider key has an invalid base_url: update the provider key");
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw AppError.conflict("The agent's provider key base_url must be an https URL: update the provider key");
    }
    try {
      await resolvePublicAddresses(url.hostname, { allowPrivateTargets: this.config.allowPrivateTargets });
    } catch (error) {
      if (findBlockedAddressError(error)) {
        throw error;
      }
      // Unresolvable: the call reports it, as a connection failure.
    }
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw signal.reason;
  }
}
