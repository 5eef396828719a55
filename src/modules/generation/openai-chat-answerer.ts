import type { ChatCompletionCreateParamsBase, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { answerLimit, boundedFetch, checkAnswerLength, wholeCallBudget } from '#src/modules/generation/answer-limits.js';
import { countTokens, reportedTokens } from '#src/modules/generation/token-count.js';
import type { AnswerOptions, AnswerRequest, AnswerResult } from '#src/modules/generation/answerer.js';
import { buildChatPrompt, type ChatPrompt } from '#src/modules/generation/prompt.js';
import { MalformedAnswer } from '#src/modules/generation/provider-errors.js';
import { openAiSdk } from '#src/modules/generation/provider-sdks.js';
import { ProgressWatchdog, type ProviderTarget } from '#src/modules/generation/provider-target.js';

/** OpenAI models that take no `temperature` (reasoning models accept only the default). */
const FIXED_TEMPERATURE_MODELS = /^(?:gpt-5|o\d)/;

/**
 * OpenAI chat completions, for OpenAI itself and for any OpenAI-compatible endpoint (`custom:<model>`:
 * vLLM, Ollama, LiteLLM, Azure-style gateways…), through the official SDK.
 *
 * - OpenAI gets `max_completion_tokens` (its newer models refuse `max_tokens`) and no `temperature` for
 *   reasoning models (gpt-5*, o*), which only accept the default; other servers get `max_tokens`.
 * - Streaming asks for `stream_options.include_usage`, so the last chunk carries the token usage; a server
 *   that ignores it is counted with the local tokenizer instead.
 * - Timeouts and retries (408, 409, 429, 5xx, connection failures, exponential backoff with jitter or the
 *   provider's retry-after) are the SDK's; errors are mapped by the caller (toProviderAppError).
 * - What the provider sends is read only up to what an answer of max_tokens can hold (answer-limits.ts).
 */
export class OpenAIChatAnswerer {
  async answer(request: AnswerRequest, target: ProviderTarget, options: AnswerOptions = {}): Promise<AnswerResult> {
    const prompt = buildChatPrompt(request);
    const limit = answerLimit(request.maxTokens);
    const { OpenAI } = await openAiSdk.load();
    const client = new OpenAI({
      baseURL: target.baseUrl,
      // The SDK refuses to start without a key; a keyless endpoint gets a placeholder that the
      // `Authorization: null` below keeps off the wire.
      apiKey: target.apiKey ?? 'no-key',
      defaultHeaders: target.apiKey ? undefined : { Authorization: null },
      // Everything explicit, so no OPENAI_* environment variable changes what this sends or logs.
      organization: null,
      project: null,
      webhookSecret: null,
      timeout: target.timeoutMs,
      maxRetries: target.maxRetries,
      logLevel: 'off',
      fetch: boundedFetch(target.fetch ?? globalThis.fetch, limit),
    });
    const body = this.body(request, target, prompt);
    const watchdog = new ProgressWatchdog(target.timeoutMs, options.signal);
    watchdog.arm(wholeCallBudget(target));
    try {
      if (!options.onDelta) {
        const completion = await client.chat.completions.create({ ...body, stream: false }, { signal: watchdog.signal });
        if (!Array.isArray(completion.choices)) {
          throw new MalformedAnswer('it is not a chat completion (no choices)');
        }
        const text = completion.choices[0]?.message?.content ?? '';
        checkAnswerLength(text.length, limit);
        return {
          text,
          tokensInput: reportedTokens(completion.usage?.prompt_tokens) ?? promptTokens(prompt),
          tokensOutput: reportedTokens(completion.usage?.completion_tokens) ?? countTokens(text),
        };
      }
      const stream = await client.chat.completions.create({ ...body, stream: true, stream_options: { include_usage: true } }, { signal: watchdog.signal });
      let text = '';
      let usage: { prompt_tokens: number; completion_tokens: number } | undefined;
      let finished = false;
      watchdog.arm();
      for await (const chunk of stream) {
        watchdog.arm();
        if (!Array.isArray(chunk.choices)) {
          throw new MalformedAnswer('a streamed chunk is not a chat completion chunk (no choices)');
        }
        const delta = chunk.choices[0]?.delta?.content;
        if (delta) {
          checkAnswerLength(text.length + delta.length, limit);
          text += delta;
          options.onDelta(delta);
        }
        finished ||= chunk.choices.some((choice) => Boolean(choice.finish_reason));
        if (chunk.usage) {
          usage = chunk.usage;
        }
      }
      watchdog.throwIfStopped();
      if (!finished) {
        throw new MalformedAnswer('the stream ended before the answer was complete (no finish reason)');
      }
      return {
        text,
        tokensInput: reportedTokens(usage?.prompt_tokens) ?? promptTokens(prompt),
        tokensOutput: reportedTokens(usage?.completion_tokens) ?? countTokens(text),
      };
    } catch (error) {
      throw watchdog.stallOr(error);
    } finally {
      watchdog.stop();
    }
  }

  private body(request: AnswerRequest, target: ProviderTarget, prompt: ChatPrompt): ChatCompletionCreateParamsBase {
    const messages: ChatCompletionMessageParam[] = [{ role: 'system', content: prompt.system }, ...prompt.messages];
    const isOpenAI = target.dialect === 'openai';
    return {
      model: target.model,
      messages,
      ...(isOpenAI ? { max_completion_tokens: request.maxTokens } : { max_tokens: request.maxTokens }),
      ...(isOpenAI && FIXED_TEMPERATURE_MODELS.test(target.model) ? {} : { temperature: request.temperature }),
    };
  }
}

/** The local tokenizer's count of a prompt, when a provider does not report usage. */
export function promptTokens(prompt: ChatPrompt): number {
  return countTokens([prompt.system, ...prompt.messages.map((message) => message.content)].join('\n'));
}
