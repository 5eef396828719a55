import 'reflect-metadata';
import { Test, type TestingModule } from '@nestjs/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigModule, loadConfig } from '#src/config/app-config.js';
import { AppError } from '#src/common/errors/app.error.js';
import { countTokens } from '#src/modules/ingestion/chunker.js';
import { AnswerService, type GeneratedAnswer } from '#src/modules/generation/answer.service.js';
import type { AnswerOptions, AnswerRequest } from '#src/modules/generation/answerer.js';
import { citedSources } from '#src/modules/generation/citations.js';
import { GenerationModule } from '#src/modules/generation/generation.module.js';
import { costUsd } from '#src/modules/generation/model-catalog.js';
import { NO_ANSWER } from '#src/modules/generation/prompt.js';
import type { RetrievedChunk } from '#src/modules/retrieval/retrieval.types.js';
import { AnthropicStub, systemText, type MessagesBody } from '#test/utils/anthropic-stub.js';
import { MisbehavingProvider } from '#test/utils/faults/misbehaving-provider.js';
import { contentText, OpenAIStub, stubWords, type ChatCompletionBody } from '#test/utils/openai-stub.js';

const OPENAI_KEY = 'sk-operator-openai-0123456789abcdef';
const ANTHROPIC_KEY = 'sk-ant-operator-0123456789abcdef';
const CUSTOMER_KEY = 'sk-customer-fedcba9876543210';
const CHAT = '/v1/chat/completions';
const MESSAGES = '/v1/messages';

const SOURCES: RetrievedChunk[] = [
  {
    chunkId: 'chk_1',
    documentId: 'doc_1',
    documentTitle: 'Refund policy',
    documentUrl: 'https://help.example.test/refunds',
    headingPath: ['Billing', 'Refunds'],
    text: 'Refunds are issued to the original payment method within 5 business days of approval.',
    score: 0.9,
  },
  {
    chunkId: 'chk_2',
    documentId: 'doc_2',
    documentTitle: 'Shipping',
    documentUrl: 'https://help.example.test/shipping',
    headingPath: [],
    text: 'Standard shipping within Europe takes 3 to 5 business days.',
    score: 0.7,
  },
  {
    chunkId: 'chk_3',
    documentId: 'doc_3',
    documentTitle: 'Passwords',
    documentUrl: '',
    headingPath: [],
    text: 'To reset your password, click "Forgot password" on the sign-in page.',
    score: 0.5,
  },
];

const HISTORY = [
  { query: 'Do you ship to Europe?', response: 'Yes, standard shipping within Europe takes 3 to 5 business days [2].' },
  { query: 'And refunds?', response: 'Refunds are issued within 5 business days [1], as `items[1]` shows.' },
];
/** The earlier answers as the model gets them: their markers named that turn's sources, not the ones listed now. */
const HISTORY_SENT = ['Yes, standard shipping within Europe takes 3 to 5 business days.', 'Refunds are issued within 5 business days, as `items[1]` shows.'];

/** Cites a source that was not given ([7]) and mixes a valid and an invalid number ([2, 9]). */
const BAD_CITATIONS = 'Refunds take five business days [1]. Passwords are reset online [7]. Both apply in Europe [2, 9] and [3].';

function request(overrides: Partial<AnswerRequest> = {}): AnswerRequest {
  return {
    model: 'gpt-4o',
    systemPrompt: 'You are the support assistant of Example Shop.',
    query: 'How long do refunds take?',
    history: HISTORY,
    sources: SOURCES,
    temperature: 0.3,
    maxTokens: 256,
    ...overrides,
  };
}

let openai: OpenAIStub;
let anthropic: AnthropicStub;
const modules: TestingModule[] = [];

/** An AnswerService on its own configuration, the stubs standing in for the providers by default. */
async function service(env: Record<string, string | undefined> = {}): Promise<AnswerService> {
  const base: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    API_KEY_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DATA_DIR: `/tmp/aqs-test-${process.pid}`,
    LOG_LEVEL: 'silent',
    OPENAI_API_KEY: OPENAI_KEY,
    OPENAI_BASE_URL: openai.baseUrl,
    ANTHROPIC_API_KEY: ANTHROPIC_KEY,
    ANTHROPIC_BASE_URL: anthropic.baseUrl,
    CUSTOM_MODEL_BASE_URL: openai.baseUrl,
    PROVIDER_TIMEOUT_MS: '3000',
    PROVIDER_MAX_RETRIES: '2',
  };
  const merged = { ...base, ...env };
  const config = loadConfig(Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined)));
  const moduleRef = await Test.createTestingModule({ imports: [ConfigModule.forRoot(config), GenerationModule] }).compile();
  modules.push(moduleRef);
  return moduleRef.get(AnswerService);
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error, 'the call should fail with an AppError').toBeInstanceOf(AppError);
  return error as AppError;
}

/** Streams an answer, recording each delta with the time it arrived. */
async function streamed(
  answers: AnswerService,
  req: AnswerRequest,
  options: AnswerOptions = {},
): Promise<{ result: GeneratedAnswer; deltas: string[]; times: number[]; endedAt: number }> {
  const deltas: string[] = [];
  const times: number[] = [];
  const result = await answers.answer(req, {
    ...options,
    onDelta: (text) => {
      deltas.push(text);
      times.push(performance.now());
    },
  });
  return { result, deltas, times, endedAt: performance.now() };
}

const chatBodies = (): ChatCompletionBody[] => openai.requestsTo(CHAT).map((r) => r.body as ChatCompletionBody);
const messagesBodies = (): MessagesBody[] => anthropic.requests.filter((r) => r.path === MESSAGES).map((r) => r.body as MessagesBody);

/** The system prompt must hold the agent's prompt first, then the rules, then sources [1]..[3] in order. */
function expectGroundedSystemPrompt(system: string): void {
  expect(system.startsWith('You are the support assistant of Example Shop.')).toBe(true);
  expect(system).toContain('using only the numbered sources');
  expect(system).toContain('[1]');
  expect(system).toContain(NO_ANSWER);
  const positions = SOURCES.map((source, index) => system.indexOf(`[${index + 1}] ${source.documentTitle}\n`));
  expect(positions.every((position) => position > system.indexOf('using only the numbered sources'))).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  for (const source of SOURCES) {
    expect(system).toContain(source.text);
  }
  expect(system).toContain('Section: Billing > Refunds');
  expect(system).toContain('URL: https://help.example.test/refunds');
}

beforeAll(async () => {
  openai = await OpenAIStub.start();
  anthropic = await AnthropicStub.start({ apiKey: ANTHROPIC_KEY });
});

afterEach(() => {
  openai.reset();
  anthropic.reset();
});

afterAll(async () => {
  await Promise.all(modules.map((moduleRef) => moduleRef.close()));
  await openai?.close();
  await anthropic?.close();
});

describe('AnswerService with OpenAI models', () => {
  it('should send the system prompt, the numbered sources, the earlier turns without their citation markers and the question', async () => {
    const answers = await service();
    await answers.answer(request());

    const [sent] = chatBodies();
    expect(sent.model).toBe('gpt-4o');
    expect(sent.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
    expectGroundedSystemPrompt(contentText(sent.messages[0].content));
    expect(sent.messages.slice(1).map((message) => contentText(message.content))).toEqual([
      HISTORY[0].query,
      HISTORY_SENT[0],
      HISTORY[1].query,
      HISTORY_SENT[1],
      'How long do refunds take?',
    ]);
    expect(sent.max_completion_tokens).toBe(256);
    expect(sent.max_tokens).toBeUndefined();
    expect(sent.temperature).toBe(0.3);
    expect(sent.stream).toBe(false);
    expect(openai.requestsTo(CHAT)[0].headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
  });

  it('should take token usage from the provider and price it from the catalog', async () => {
    const answers = await service();
    openai.chat.answer = 'Refunds take five business days [1].';
    const result = await answers.answer(request());

    const sent = chatBodies()[0];
    const promptWords = sent.messages.reduce((sum, message) => sum + stubWords(contentText(message.content)).length, 0);
    expect(result).toEqual({
      text: 'Refunds take five business days [1].',
      tokensInput: promptWords,
      tokensOutput: 6,
      costUsd: costUsd('gpt-4o', promptWords, 6),
    });
    expect(result.costUsd).toBeGreaterThan(0);
  });

  it('should ask a model for no more output tokens than it can write, as OpenAI refuses more', async () => {
    const answers = await service();
    await answers.answer(request({ model: 'gpt-4o', maxTokens: 32_768 }));
    await answers.answer(request({ model: 'gpt-4o-mini', maxTokens: 16_000 }));
    await answers.answer(request({ model: 'gpt-4.1', maxTokens: 32_768 }));
    expect(chatBodies().map((body) => body.max_completion_tokens)).toEqual([16_384, 16_000, 32_768]);
  });

  it('should send no temperature to reasoning models, which accept only the default', async () => {
    const answers = await service();
    await answers.answer(request({ model: 'gpt-5-mini' }));
    expect(chatBodies()[0]).not.toHaveProperty('temperature');
    expect(chatBodies()[0].model).toBe('gpt-5-mini');
  });

  it('should stream deltas as the provider sends them, before the answer ends, with usage from the last chunk', async () => {
    const answers = await service();
    openai.chat.answer = 'Refunds are issued within five business days of approval [1].';
    openai.chat.chunkDelayMs = 60;
    const { result, deltas, times, endedAt } = await streamed(answers, request());

    expect(chatBodies()[0]).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(result.text);
    expect(result.text).toBe('Refunds are issued within five business days of approval [1].');
    // The first words arrived while the provider was still writing the rest.
    expect(endedAt - times[0]).toBeGreaterThan(200);
    expect(result.tokensOutput).toBe(stubWords(result.text).length);
    expect(result.costUsd).toBe(costUsd('gpt-4o', result.tokensInput, result.tokensOutput));
  });

  it('should count tokens with the local tokenizer when the server reports no usage', async () => {
    const answers = await service();
    openai.chat.reportUsage = false;
    openai.chat.answer = 'Refunds take five business days [1].';
    for (const result of [await answers.answer(request()), (await streamed(answers, request())).result]) {
      expect(result.tokensOutput).toBe(countTokens('Refunds take five business days [1].'));
      expect(result.tokensInput).toBeGreaterThan(100);
    }
  });

  it('should close the connection to the provider when the caller aborts', async () => {
    const answers = await service();
    openai.chat.answer = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    openai.chat.chunkDelayMs = 100;
    const controller = new AbortController();
    const started = performance.now();
    const outcome = answers.answer(request(), {
      signal: controller.signal,
      onDelta: () => controller.abort(new Error('client went away')),
    });

    await expect(outcome).rejects.toThrow('client went away');
    const [call] = openai.requestsTo(CHAT);
    await expect(call.closedEarly).resolves.toBe(true);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(openai.requestsTo(CHAT)).toHaveLength(1);
  });

  it('should not call the provider at all when aborted before it starts', async () => {
    const answers = await service();
    const controller = new AbortController();
    controller.abort(new Error('gone already'));
    await expect(answers.answer(request(), { signal: controller.signal })).rejects.toThrow('gone already');
    expect(openai.requestsTo(CHAT)).toHaveLength(0);
  });

  describe('errors', () => {
    it('should answer 503 service_unavailable naming OpenAI when it refuses the key, without repeating the key', async () => {
      const guarded = await OpenAIStub.start({ apiKey: 'sk-the-right-key-000000000000' });
      try {
        const answers = await service({ OPENAI_BASE_URL: guarded.baseUrl });
        const error = await failure(answers.answer(request({ credentials: { provider: 'openai', apiKey: CUSTOMER_KEY, baseUrl: null } })));
        expect({ code: error.code, status: error.status }).toEqual({ code: 'service_unavailable', status: 503 });
        expect(error.message).toMatch(/^OpenAI refused the API key \(401\); check the agent's provider key$/);
        expect(JSON.stringify({ message: error.message, details: error.details, cause: String(error.cause) })).not.toContain(CUSTOMER_KEY);
        // A refused key is not retried.
        expect(guarded.requestsTo(CHAT)).toHaveLength(1);

        const withOperatorKey = await failure(answers.answer(request()));
        expect(withOperatorKey.message).toContain('check OPENAI_API_KEY');
      } finally {
        await guarded.close();
      }
    });

    it('should retry a rate limit, then answer 503 service_unavailable with Retry-After', async () => {
      const answers = await service();
      openai.failNext(3, { status: 429, headers: { 'retry-after-ms': '20' }, path: CHAT });
      const error = await failure(answers.answer(request()));
      expect({ code: error.code, status: error.status }).toEqual({ code: 'service_unavailable', status: 503 });
      expect(error.message).toBe('OpenAI is rate limiting requests (after 2 retries); try again later');
      expect(error.headers).toEqual({ 'Retry-After': '1' });
      expect(openai.requestsTo(CHAT)).toHaveLength(3);
    });

    it('should answer once a retry succeeds', async () => {
      const answers = await service();
      openai.failNext(1, { status: 503, headers: { 'retry-after-ms': '20' }, path: CHAT });
      openai.chat.answer = 'Recovered [1].';
      expect((await answers.answer(request())).text).toBe('Recovered [1].');
      expect(openai.requestsTo(CHAT)).toHaveLength(2);
    });

    it('should answer 503 service_unavailable when the provider keeps failing with 5xx', async () => {
      const answers = await service();
      openai.failNext(3, { status: 500, headers: { 'retry-after-ms': '20' }, path: CHAT });
      const error = await failure(answers.answer(request()));
      expect({ code: error.code, status: error.status }).toEqual({ code: 'service_unavailable', status: 503 });
      expect(error.message).toMatch(/^OpenAI failed with status 500 \(after 2 retries\)/);
      expect(openai.requestsTo(CHAT)).toHaveLength(3);
    });

    it('should name a gateway\u2019s HTML error page by its title, not quote the page', async () => {
      const answers = await service();
      const page = '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr>nginx</body></html>';
      openai.failNext(1, { status: 404, page, path: CHAT });
      const error = await failure(answers.answer(request()));
      expect({ code: error.code, status: error.status }).toEqual({ code: 'service_unavailable', status: 503 });
      expect(error.message).toBe('OpenAI refused the request for model "gpt-4o" (404): an error page titled "502 Bad Gateway"');
    });

    it("should answer 503 service_unavailable with the provider's reason when it refuses the request", async () => {
      const answers = await service();
      openai.failNext(1, { status: 400, message: 'The model `gpt-4o` does not exist or you do not have access to it.', path: CHAT });
      const error = await failure(answers.answer(request()));
      expect({ code: error.code, status: error.status }).toEqual({ code: 'service_unavailable', status: 503 });
      expect(error.message).toBe('OpenAI refused the request for model "gpt-4o" (400): The model `gpt-4o` does not exist or you do not have access to it.');
      expect(openai.requestsTo(CHAT)).toHaveLength(1);
    });

    it('should hide the key in what it quotes of the provider, even echoed in part', async () => {
      const answers = await service();
      openai.failNext(1, { status: 400, message: `Key ${OPENAI_KEY.slice(3)} (or ${OPENAI_KEY.slice(0, 20)}) is not valid here`, path: CHAT });
      const error = await failure(answers.answer(request()));
      expect(error.message).toBe('OpenAI refused the request for model "gpt-4o" (400): Key [REDACTED] (or [REDACTED]) is not valid here');
    });

    it('should answer 503 service_unavailable when the provider does not answer in time, after retrying', async () => {
      const answers = await service({ PROVIDER_TIMEOUT_MS: '300', PROVIDER_MAX_RETRIES: '1' });
      openai.delayNext(2, 2_000, CHAT);
      const error = await failure(answers.answer(request()));
      expect({ code: error.code, status: error.status }).toEqual({ code: 'service_unavailable', status: 503 });
      expect(error.message).toBe('OpenAI did not answer within 300 ms (after 1 retry)');
      expect(openai.requestsTo(CHAT)).toHaveLength(2);
    });

    it('should answer 503 when a stream stalls, and close it', async () => {
      const answers = await service({ PROVIDER_TIMEOUT_MS: '400' });
      openai.chat.answer = 'one two three four five six';
      openai.chat.stallAfterChunks = 2;
      const deltas: string[] = [];
      const error = await failure(answers.answer(request(), { onDelta: (text) => deltas.push(text) }));
      expect({ code: error.code, status: error.status }).toEqual({ code: 'service_unavailable', status: 503 });
      expect(error.message).toMatch(/^OpenAI stopped answering/);
      expect(deltas.join('')).toBe('one two');
      await expect(openai.requestsTo(CHAT)[0].closedEarly).resolves.toBe(true);
    });

    it('should answer 503 when the connection dies mid-answer', async () => {
      const answers = await service();
      openai.chat.answer = 'one two three four';
      openai.chat.cutAfterChunks = 2;
      const error = await failure(answers.answer(request(), { onDelta: () => undefined }));
      expect({ code: error.code, status: error.status }).toEqual({ code: 'service_unavailable', status: 503 });
      expect(error.message).toContain('OpenAI');
    });

    it('should count the tokens itself where the provider reports counts that are none (fractions, negatives), and cap huge ones', async () => {
      const answers = await service();
      openai.chat.answer = 'Refunds take five business days [1].';
      openai.chat.reportedUsage = { prompt_tokens: 1.5, completion_tokens: -3 };
      const odd = await answers.answer(request());
      expect(odd.tokensInput).toBe(2);
      expect(odd.tokensOutput).toBe(countTokens('Refunds take five business days [1].'));
      openai.chat.reportedUsage = { prompt_tokens: 3e20, completion_tokens: '7' };
      const streamedOdd = await answers.answer(request(), { onDelta: () => undefined });
      expect(streamedOdd.tokensInput).toBe(2_147_483_647);
      expect(streamedOdd.tokensOutput).toBe(countTokens('Refunds take five business days [1].'));
    });

    it('should answer 409 conflict naming the setting when no OpenAI key is configured', async () => {
      const answers = await service({ OPENAI_API_KEY: undefined });
      const error = await failure(answers.answer(request()));
      expect({ code: error.code, status: error.status }).toEqual({ code: 'conflict', status: 409 });
      expect(error.message).toContain('set OPENAI_API_KEY, or attach a provider key of provider "openai" to the agent');
      expect(openai.requests).toHaveLength(0);
    });

    it("should answer 409 when the agent's provider key is for another provider than its model", async () => {
      const answers = await service();
      const error = await failure(answers.answer(request({ credentials: { provider: 'anthropic', apiKey: CUSTOMER_KEY, baseUrl: null } })));
      expect({ code: error.code, status: error.status }).toEqual({ code: 'conflict', status: 409 });
      expect(error.message).toContain('provider key is for anthropic, but model "gpt-4o" runs on openai');
      expect(openai.requests).toHaveLength(0);
    });
  });

  it("should use the customer's provider key over the operator's", async () => {
    const answers = await service();
    await answers.answer(request({ credentials: { provider: 'openai', apiKey: CUSTOMER_KEY, baseUrl: null } }));
    await answers.answer(request());
    expect(openai.requestsTo(CHAT).map((r) => r.headers.authorization)).toEqual([`Bearer ${CUSTOMER_KEY}`, `Bearer ${OPENAI_KEY}`]);
  });
});

describe('AnswerService with custom models', () => {
  it('should send the name after custom: to the configured endpoint, with max_tokens and without a key', async () => {
    const answers = await service();
    openai.chat.answer = 'Local model answer [2].';
    const result = await answers.answer(request({ model: 'custom:llama3.1-8b' }));

    const [call] = openai.requestsTo(CHAT);
    expect(call.body).toMatchObject({ model: 'llama3.1-8b', max_tokens: 256, temperature: 0.3 });
    expect(call.body).not.toHaveProperty('max_completion_tokens');
    expect(call.headers.authorization).toBeUndefined();
    expect(result.text).toBe('Local model answer [2].');
    expect(result.tokensOutput).toBe(4);
    expect(result.costUsd).toBe(0);
  });

  it('should send max_tokens as it is, the endpoint\u2019s limits being unknown', async () => {
    const answers = await service();
    await answers.answer(request({ model: 'custom:llama3', maxTokens: 32_768 }));
    expect(chatBodies()[0].max_tokens).toBe(32_768);
  });

  it('should send CUSTOM_MODEL_API_KEY when configured, and trust an operator endpoint at a private address', async () => {
    const answers = await service({ CUSTOM_MODEL_API_KEY: 'operator-custom-key-123', ALLOW_PRIVATE_TARGETS: 'false' });
    await answers.answer(request({ model: 'custom:llama3' }));
    expect(openai.requestsTo(CHAT)[0].headers.authorization).toBe('Bearer operator-custom-key-123');
  });

  it("should reach a customer's base_url only through the SSRF guard", async () => {
    const credentials = { provider: 'custom' as const, apiKey: CUSTOMER_KEY, baseUrl: openai.baseUrl };

    const guarded = await service({ ALLOW_PRIVATE_TARGETS: 'false' });
    const error = await failure(guarded.answer(request({ model: 'custom:llama3', credentials })));
    expect({ code: error.code, status: error.status }).toEqual({ code: 'conflict', status: 409 });
    expect(error.message).toContain('127.0.0.1 is not a public address');
    expect(openai.requests).toHaveLength(0);

    const forTrials = await service({ ALLOW_PRIVATE_TARGETS: 'true' });
    await forTrials.answer(request({ model: 'custom:llama3', credentials }));
    expect(openai.requestsTo(CHAT)).toHaveLength(1);
    expect(openai.requestsTo(CHAT)[0].headers.authorization).toBe(`Bearer ${CUSTOMER_KEY}`);
  });

  it('should guard an OpenAI provider key with its own base_url the same way', async () => {
    const guarded = await service({ ALLOW_PRIVATE_TARGETS: 'false' });
    const error = await failure(guarded.answer(request({ credentials: { provider: 'openai', apiKey: CUSTOMER_KEY, baseUrl: openai.baseUrl } })));
    expect(error.status).toBe(409);
    expect(openai.requests).toHaveLength(0);
  });

  it('should answer 409 naming CUSTOM_MODEL_BASE_URL when no endpoint is configured', async () => {
    const answers = await service({ CUSTOM_MODEL_BASE_URL: undefined });
    const error = await failure(answers.answer(request({ model: 'custom:llama3' })));
    expect({ code: error.code, status: error.status }).toEqual({ code: 'conflict', status: 409 });
    expect(error.message).toContain('set CUSTOM_MODEL_BASE_URL');
  });
});

describe('AnswerService with Anthropic models', () => {
  const claude = (overrides: Partial<AnswerRequest> = {}): AnswerRequest => request({ model: 'claude-haiku-4-5', ...overrides });

  it('should send the system prompt, the numbered sources, the earlier turns without their citation markers and the question', async () => {
    const answers = await service();
    await answers.answer(claude());

    const [call] = anthropic.requests;
    const sent = call.body as MessagesBody;
    expect(call.path).toBe(MESSAGES);
    expect(typeof call.headers['anthropic-version']).toBe('string');
    expect(call.headers['x-api-key'] ?? call.headers.authorization?.replace(/^Bearer /, '')).toBe(ANTHROPIC_KEY);
    expect(sent.model).toBe('claude-haiku-4-5');
    expect(sent.max_tokens).toBe(256);
    expect(sent).not.toHaveProperty('temperature');
    expectGroundedSystemPrompt(systemText(sent.system));
    expect(sent.messages.map((message) => [message.role, contentText(message.content)])).toEqual([
      ['user', HISTORY[0].query],
      ['assistant', HISTORY_SENT[0]],
      ['user', HISTORY[1].query],
      ['assistant', HISTORY_SENT[1]],
      ['user', 'How long do refunds take?'],
    ]);
  });

  it('should ask a model for no more output tokens than it can write, as Anthropic refuses more', async () => {
    const answers = await service();
    await answers.answer(claude({ model: 'claude-3-5-haiku-latest', maxTokens: 32_768 }));
    await answers.answer(claude({ model: 'claude-opus-4-1', maxTokens: 32_768 }));
    await answers.answer(claude({ maxTokens: 32_768 }));
    expect(messagesBodies().map((body) => body.max_tokens)).toEqual([8_192, 32_000, 32_768]);
  });

  it('should take token usage from the provider and price it from the catalog', async () => {
    const answers = await service();
    anthropic.answer = 'Refunds take five business days [1].';
    const result = await answers.answer(claude());
    const sent = messagesBodies()[0];
    const input = stubWords(systemText(sent.system)).length + sent.messages.reduce((sum, message) => sum + stubWords(contentText(message.content)).length, 0);
    expect(result).toEqual({
      text: 'Refunds take five business days [1].',
      tokensInput: input,
      tokensOutput: 6,
      costUsd: costUsd('claude-haiku-4-5', input, 6),
    });
    expect(result.costUsd).toBeGreaterThan(0);
  });

  it('should stream text deltas as they arrive, with usage from message_start and message_delta', async () => {
    const answers = await service();
    anthropic.answer = 'Refunds are issued within five business days of approval [1].';
    anthropic.chunkDelayMs = 60;
    const { result, deltas, times, endedAt } = await streamed(answers, claude());

    expect(messagesBodies()[0].stream).toBe(true);
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(result.text);
    expect(endedAt - times[0]).toBeGreaterThan(200);
    expect(result.tokensOutput).toBe(stubWords(result.text).length);
    expect(result.tokensInput).toBeGreaterThan(50);
    expect(result.costUsd).toBe(costUsd('claude-haiku-4-5', result.tokensInput, result.tokensOutput));
  });

  it('should answer 503 when a stream ends without its message_stop, not pass the part received off as the answer', async () => {
    const answers = await service();
    anthropic.answer = 'one two three four';
    anthropic.endAfterChunks = 2;
    const deltas: string[] = [];
    const error = await failure(answers.answer(claude(), { onDelta: (text) => deltas.push(text) }));
    expect({ code: error.code, status: error.status }).toEqual({ code: 'service_unavailable', status: 503 });
    expect(error.message).toBe('Anthropic sent an answer that cannot be used: the stream ended before the answer was complete (no message_stop)');
    expect(deltas.join('')).toBe('one two');
  });

  it('should close the connection to the provider when the caller aborts', async () => {
    const answers = await service();
    anthropic.answer = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    anthropic.chunkDelayMs = 100;
    const controller = new AbortController();
    const outcome = answers.answer(claude(), { signal: controller.signal, onDelta: () => controller.abort(new Error('client went away')) });
    await expect(outcome).rejects.toThrow('client went away');
    await expect(anthropic.requests[0].closedEarly).resolves.toBe(true);
    expect(anthropic.requests).toHaveLength(1);
  });

  describe('errors', () => {
    it('should answer 503 service_unavailable naming Anthropic when it refuses the key', async () => {
      const answers = await service();
      const error = await failure(answers.answer(claude({ credentials: { provider: 'anthropic', apiKey: CUSTOMER_KEY, baseUrl: null } })));
      expect({ code: error.code, status: error.status }).toEqual({ code: 'service_unavailable', status: 503 });
      expect(error.message).toBe("Anthropic refused the API key (401); check the agent's provider key");
      expect(error.message).not.toContain(CUSTOMER_KEY);
      expect(anthropic.requests).toHaveLength(1);
    });

    it('should retry a rate limit, then answer 503 service_unavailable', async () => {
      const answers = await service();
      anthropic.failNext(3, { status: 429, headers: { 'retry-after-ms': '20' } });
      const error = await failure(answers.answer(claude()));
      expect({ code: error.code, status: error.status }).toEqual({ code: 'service_unavailable', status: 503 });
      expect(error.message).toContain('Anthropic is rate limiting requests');
      expect(anthropic.requests).toHaveLength(3);
    });

    it('should answer 503 service_unavailable when Anthropic stays overloaded', async () => {
      const answers = await service();
      anthropic.failNext(3, { status: 529, headers: { 'retry-after-ms': '20' } });
      const error = await failure(answers.answer(claude()));
      expect({ code: error.code, status: error.status }).toEqual({ code: 'service_unavailable', status: 503 });
      expect(error.message).toMatch(/^Anthropic failed with status 529 \(after 2 retries\)/);
      expect(anthropic.requests).toHaveLength(3);
    });

    it('should answer 503 service_unavailable when Anthropic does not answer in time', async () => {
      const answers = await service({ PROVIDER_TIMEOUT_MS: '300', PROVIDER_MAX_RETRIES: '0' });
      anthropic.delayNext(1, 2_000);
      const error = await failure(answers.answer(claude()));
      expect({ code: error.code, status: error.status }).toEqual({ code: 'service_unavailable', status: 503 });
      expect(error.message).toBe('Anthropic did not answer within 300 ms');
    });

    it('should answer 409 conflict naming the setting when no Anthropic key is configured', async () => {
      const answers = await service({ ANTHROPIC_API_KEY: undefined });
      const error = await failure(answers.answer(claude()));
      expect({ code: error.code, status: error.status }).toEqual({ code: 'conflict', status: 409 });
      expect(error.message).toContain('set ANTHROPIC_API_KEY');
      expect(anthropic.requests).toHaveLength(0);
    });
  });
});

describe('answers longer than max_tokens allows', () => {
  // 16 tokens: answers of at most 256 characters, responses and stream lines of at most 67,072 bytes.
  const short = (model: string): AnswerRequest => request({ model, maxTokens: 16 });
  const tooLong = (label: string): string => `${label} sent an answer that cannot be used: it is longer than max_tokens (16) allows: more than 256 characters`;
  const providers = [
    ['custom:llama3', 'The custom model endpoint'],
    ['claude-haiku-4-5', 'Anthropic'],
  ];
  let endless: MisbehavingProvider;

  beforeAll(async () => {
    endless = await MisbehavingProvider.start();
  });

  afterAll(async () => {
    await endless?.close();
  });

  it.each(providers)('should stop a stream at the limit, having passed on only what fits (%s)', async (model, label) => {
    const answers = await service();
    for (const stub of [openai.chat, anthropic]) {
      Object.assign(stub, { answer: 'x'.repeat(2_000_000), chunkChars: 100, chunkDelayMs: 2 });
    }
    const deltas: string[] = [];
    const error = await failure(answers.answer(short(model), { onDelta: (text) => deltas.push(text) }));
    expect({ code: error.code, status: error.status, message: error.message }).toEqual({ code: 'service_unavailable', status: 503, message: tooLong(label) });
    expect(deltas.join('')).toBe('x'.repeat(200));
    const [call] = model.startsWith('custom:') ? openai.requestsTo(CHAT) : anthropic.requests;
    await expect(call.closedEarly).resolves.toBe(true);
  });

  it.each(providers)('should refuse a whole answer past the limit, and a response too large to hold one (%s)', async (model, label) => {
    const answers = await service();
    openai.chat.answer = 'y'.repeat(2_000);
    anthropic.answer = 'y'.repeat(2_000);
    expect((await failure(answers.answer(short(model)))).message).toBe(tooLong(label));

    openai.chat.answer = 'z'.repeat(16_000_000);
    anthropic.answer = 'z'.repeat(16_000_000);
    const error = await failure(answers.answer(short(model)));
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'service_unavailable',
      message: `${label} sent an answer that cannot be used: its response is larger than an answer of max_tokens (16) can be: more than 67072 bytes`,
    });
  });

  it('should stop reading a provider whose answer never ends, streamed or not', async () => {
    const answers = await service({ CUSTOM_MODEL_BASE_URL: endless.baseUrl });
    const whole = await failure(answers.answer(short('custom:endless')));
    expect(whole.message).toMatch(/^The custom model endpoint sent an answer that cannot be used: its response is larger than/);
    const streaming = await failure(answers.answer(short('custom:endless'), { onDelta: () => undefined }));
    expect(streaming.message).toMatch(/^The custom model endpoint sent an answer that cannot be used: it is longer than max_tokens/);
    expect(await Promise.all(endless.received('endless').map((call) => call.closedEarly))).toEqual([true, true]);
  });

  it('should read an answer of max_tokens in full', async () => {
    const answers = await service();
    openai.chat.answer = 'Refunds take five business days [1]. '.repeat(6).trim();
    expect((await answers.answer(short('custom:llama3'))).text).toBe(openai.chat.answer);
    expect((await streamed(answers, short('custom:llama3'))).result.text).toBe(openai.chat.answer);
  });
});

describe('citations, whatever the answerer', () => {
  const models = ['extractive', 'gpt-4o', 'custom:llama3', 'claude-haiku-4-5'];

  it.each(
    models.flatMap((model) => [
      [model, 'whole'],
      [model, 'streamed'],
    ]),
  )('should never cite a source outside those given (%s, %s)', async (model, mode) => {
    const answers = await service();
    openai.chat.answer = BAD_CITATIONS;
    openai.chat.chunkChars = 3;
    anthropic.answer = BAD_CITATIONS;
    anthropic.chunkChars = 3;
    const req = request({ model, query: 'How long do refunds take, and how do I reset my password?' });

    let result: GeneratedAnswer;
    if (mode === 'streamed') {
      const run = await streamed(answers, req);
      result = run.result;
      expect(run.deltas.join('')).toBe(result.text);
      expect(run.deltas.some((delta) => /\[(7|9)\]|, 9\]/.test(delta))).toBe(false);
    } else {
      result = await answers.answer(req);
    }
    const cited = citedSources(result.text);
    expect(cited.length).toBeGreaterThan(0);
    expect(
      cited.every((n) => n >= 1 && n <= SOURCES.length),
      `${model} cited ${cited.join(', ')}`,
    ).toBe(true);
    if (model !== 'extractive') {
      expect(result.text).toBe('Refunds take five business days [1]. Passwords are reset online. Both apply in Europe [2] and [3].');
    }
  });

  it('should answer the fixed sentence without calling a provider when there are no sources', async () => {
    const answers = await service();
    for (const model of models) {
      const deltas: string[] = [];
      const result = await answers.answer(request({ model, sources: [] }), { onDelta: (text) => deltas.push(text) });
      expect(result.text).toBe(NO_ANSWER);
      expect(deltas.join('')).toBe(NO_ANSWER);
      expect(result.costUsd).toBe(0);
    }
    expect(openai.requests).toHaveLength(0);
    expect(anthropic.requests).toHaveLength(0);
  });

  it('should answer the fixed sentence when a provider answers nothing', async () => {
    const answers = await service();
    openai.chat.answer = '';
    expect((await answers.answer(request())).text).toBe(NO_ANSWER);
    const { result, deltas } = await streamed(answers, request());
    expect(result.text).toBe(NO_ANSWER);
    expect(deltas.join('')).toBe(NO_ANSWER);
  });
});
