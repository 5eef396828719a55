import type { MessageCreateParamsBase } from '@anthropic-ai/sdk/resources/messages';
import { answerLimit, boundedFetch, checkAnswerLength, wholeCallBudget } from '#src/modules/generation/answer-limits.js';
import { countTokens, reportedTokens } from '#src/modules/generation/token-count.js';
import type { AnswerOptions, AnswerRequest, AnswerResult } from '#src/modules/generation/answerer.js';
import { promptTokens } from '#src/modules/generation/openai-chat-answerer.js';
import { MalformedAnswer } from '#src/modules/generation/provider-errors.js';
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
 * (output, cumulative). Input tokens include prompt-cache reads and writes. What Anthropic sends is read
 * only up to what an answer of max_tokens can hold (answer-limits.ts).
 */
export class AnthropicAnswerer {
  async answer(request: AnswerRequest, target: ProviderTarget, options: AnswerOptions = {}): Promise<AnswerResult> {
    const prompt = buildChatPrompt(request);
    const limit = answerLimit(request.maxTokens);
    const { default: Anthropic } = await anthropicSdk.load();
    const client = new Anthropic({
      apiKey: target.apiKey,
      baseURL: target.baseUrl,
      timeout: target.timeoutMs,
      maxRetries: target.maxRetries,
      logLevel: 'off',
      fetch: boundedFetch(target.fetch ?? globalThis.fetch, limit),
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
        if (!Array.isArray(message.content)) {
          throw new MalformedAnswer('it is not a message (no content)');
        }
        const text = message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
        checkAnswerLength(text.length, limit);
        return {
          text,
          tokensInput: inputTokens(message.usage) ?? promptTokens(prompt),
          tokensOutput: reportedTokens(message.usage?.output_tokens) ?? countTokens(text),
        };
      }
      const stream = await client.messages.create({ ...params, stream: true }, { signal: watchdog.signal });
      let text = '';
      let input: number | undefined;
      let output: number | undefined;
      let stopped = false;
      watchdog.arm();
      for await (const event of stream) {
        watchdog.arm();
        if (event.type === 'message_stop') {
          stopped = true;
        } else if (event.type === 'message_start') {
          input = inputTokens(event.message.usage);
          output = reportedTokens(event.message.usage?.output_tokens) ?? output;
        } else if (event.type === 'content_block_delta') {
          if (event.delta.type === 'text_delta' && event.delta.text) {
            checkAnswerLength(text.length + event.delta.text.length, limit);
            text += event.delta.text;
            options.onDelta(event.delta.text);
          }
        } else if (event.type === 'message_delta') {
          // Cumulative counts; input_tokens appears here too in newer API versions.
          output = reportedTokens(event.usage?.output_tokens) ?? output;
          input = inputTokens(event.usage) ?? input;
        }
      }
      watchdog.throwIfStopped();
      // A stream that ends without its message_stop was cut off (a gateway closing it cleanly): not an answer.
      if (!stopped) {
        throw new MalformedAnswer('the stream ended before the answer was complete (no message_stop)');
      }
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
  const uncached = reportedTokens(usage?.input_tokens);
  if (uncached === undefined) {
    return undefined;
  }
  return reportedTokens(uncached + (reportedTokens(usage?.cache_creation_input_tokens) ?? 0) + (reportedTokens(usage?.cache_read_input_tokens) ?? 0));
}
