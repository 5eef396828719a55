import type { MessageCreateParamsBase } from '@anthropic-ai/sdk/resources/messages';
import { countTokens } from '#src/modules/generation/token-count.js';
import type { AnswerOptions, AnswerRequest, AnswerResult } from '#src/modules/generation/answerer.js';
import { promptTokens, wholeCallBudget } from '#src/modules/generation/openai-chat-answerer.js';
import { buildChatPrompt } from '#src/modules/generation/prompt.js';
import { anthropicSdk } from '#src/modules/generation/provider-sdks.js';
import { ProgressWatchdog, type ProviderTarget } from '#src/modules/generation/provider-target.js';

interface AnthropicUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

/**
 * Anthropic's Messages API through the official SDK: the system prompt as `system`, the session's turns and
 * the question as alternating user/assistant messages. No `temperature` is sent: the Messages API version
 * this SDK speaks (2026-10-21) has none (newer Claude models refuse any value but the default). Streaming reads
 * the `content_block_delta` text deltas; usage comes from `message_start` (input) and `message_delta`
 * (output, cumulative). Input tokens include prompt-cache reads and writes.
 */
export class AnthropicAnswerer {
  async answer(request: AnswerRequest, target: ProviderTarget, options: AnswerOptions = {}): Promise<AnswerResult> {
    const prompt = buildChatPrompt(request);
    const { default: Anthropic } = await anthropicSdk.load();
    const client = new Anthropic({
      apiKey: target.apiKey,
      baseURL: target.baseUrl,
      timeout: target.timeoutMs,
      maxRetries: target.maxRetries,
      logLevel: 'off',
      ...(target.fetch ? { fetch: target.fetch } : {}),
    });
    const params: MessageCreateParamsBase = {
      model: target.model,
      max_tokens: request.maxTokens,
      system: prompt.system,
      messages: prompt.messages,
    };
    const watchdog = new ProgressWatchdog(target.timeoutMs, options.signal);
    watchdog.arm(wholeCallBudget(target));
    try {
      if (!options.onDelta) {
        const message = await client.messages.create({ ...params, stream: false }, { signal: watchdog.signal });
        const text = message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
        return { text, tokensInput: inputTokens(message.usage) ?? promptTokens(prompt), tokensOutput: message.usage?.output_tokens ?? countTokens(text) };
      }
      const stream = await client.messages.create({ ...params, stream: true }, { signal: watchdog.signal });
      let text = '';
      let input: number | undefined;
      let output: number | undefined;
      watchdog.arm();
      for await (const event of stream) {
        watchdog.arm();
        if (event.type === 'message_start') {
          input = inputTokens(event.message.usage);
          output = event.message.usage?.output_tokens ?? output;
        } else if (event.type === 'content_block_delta') {
          if (event.delta.type === 'text_delta' && event.delta.text) {
            text += event.delta.text;
            options.onDelta(event.delta.text);
          }
        } else if (event.type === 'message_delta') {
          // Cumulative counts; input_tokens appears here too in newer API versions.
          output = event.usage?.output_tokens ?? output;
          input = inputTokens(event.usage) ?? input;
        }
      }
      watchdog.throwIfStopped();
      return { text, tokensInput: input ?? promptTokens(prompt), tokensOutput: output ?? countTokens(text) };
    } catch (error) {
      throw watchdog.stallOr(error);
    } finally {
      watchdog.stop();
    }
  }
}

/** Input tokens billed: uncached input plus prompt-cache writes and reads. */
function inputTokens(usage: AnthropicUsage | undefined): number | undefined {
  if (typeof usage?.input_tokens !== 'number') {
    return undefined;
  }
  return usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
}
