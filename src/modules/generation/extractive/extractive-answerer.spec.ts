import { describe, expect, it } from 'vitest';
import { countTokens } from '#src/modules/ingestion/chunker.js';
import type { AnswerRequest } from '#src/modules/generation/answerer.js';
import { citedSources, sanitizeCitations } from '#src/modules/generation/citations.js';
import { ExtractiveAnswerer, MIN_CONFIDENCE } from '#src/modules/generation/extractive/extractive-answerer.js';
import { NO_ANSWER } from '#src/modules/generation/prompt.js';
import { splitSentences } from '#src/modules/generation/extractive/text-analysis.js';
import type { RetrievedChunk } from '#src/modules/retrieval/retrieval.types.js';

function chunk(title: string, text: string, score = 0.5): RetrievedChunk {
  return {
    chunkId: `chk_${title}`,
    documentId: `doc_${title}`,
    documentTitle: title,
    documentUrl: `https://help.example.test/${title}`,
    headingPath: [],
    text,
    score,
  };
}

/** A small help centre, in the order a retrieval might return it for a question about billing. */
const CORPUS: RetrievedChunk[] = [
  chunk(
    'Billing',
    'Invoices are sent by email on the first day of each month. You can download past invoices from the Billing page. ' +
      'Prices are shown without VAT. Your account is charged in the currency of your billing address.',
  ),
  chunk(
    'Refunds',
    'We want you to be happy with your purchase. Refunds are issued to the original payment method within 5 business days of approval. ' +
      'To request a refund, contact support with your order number. Digital downloads cannot be refunded once opened.',
  ),
  chunk(
    'Passwords',
    '## Resetting your password\n\nTo reset your password, click "Forgot password" on the sign-in page and follow the link we email you. ' +
      'The link expires after 30 minutes. For security reasons, support staff cannot see or change your password.',
  ),
  chunk(
    'Shipping',
    'Orders placed before 2 p.m. ship the same day. Standard shipping within Europe takes 3 to 5 business days. ' +
      'Express shipping arrives the next business day, e.g. an order on Monday arrives on Tuesday.',
  ),
];

function request(query: string, overrides: Partial<AnswerRequest> = {}): AnswerRequest {
  return { model: 'extractive', systemPrompt: null, query, history: [], sources: CORPUS, temperature: 0.2, maxTokens: 1024, ...overrides };
}

const answerer = new ExtractiveAnswerer();

describe('ExtractiveAnswerer', () => {
  it.each([
    ['How long do refunds take?', /Refunds are issued to the original payment method within 5 business days of approval \[2\]\./, 2],
    ['How do I reset my password?', /To reset your password, click "Forgot password" on the sign-in page and follow the link we email you \[3\]\./, 3],
    ['When are invoices sent?', /Invoices are sent by email on the first day of each month \[1\]\./, 1],
    ['How long does standard shipping to Europe take?', /Standard shipping within Europe takes 3 to 5 business days \[4\]\./, 4],
    ['How long is the password reset link valid?', /The link expires after 30 minutes \[3\]\./, 3],
  ])('should answer "%s" with the sentence that answers it, citing its source', async (query, sentence, source) => {
    const { text } = await answerer.answer(request(query));
    // The first passage quotes the sentence that answers, followed by its source's marker (under its section's heading, when the source shows one).
    const firstPassage = text.split(/\n\n(?=\*\*)/)[0];
    expect(firstPassage).toMatch(sentence);
    expect(citedSources(text)[0]).toBe(source);
    expect(citedSources(text).every((n) => n >= 1 && n <= CORPUS.length)).toBe(true);
  });

  it('should follow every sentence with its citation marker and stay concise', async () => {
    const { text } = await answerer.answer(request('How do refunds work and how long do they take?'));
    const sentences = splitSentences(text);
    expect(sentences.length).toBeGreaterThanOrEqual(1);
    expect(sentences.length).toBeLessThanOrEqual(3);
    for (const sentence of sentences) {
      expect(sentence).toMatch(/ \[\d+\][.!?]$/);
    }
    expect(text).toContain('Refunds are issued to the original payment method within 5 business days of approval [2].');
  });

  it('should answer the fixed sentence, with no marker, when nothing in the sources is relevant', async () => {
    for (const query of ['What is the boiling point of mercury?', 'hello', '???']) {
      const result = await answerer.answer(request(query));
      expect(result.text, query).toBe(NO_ANSWER);
      expect(citedSources(result.text)).toEqual([]);
    }
    expect((await answerer.answer(request('How long do refunds take?', { sources: [] }))).text).toBe(NO_ANSWER);
  });

  it('should not repeat a sentence found in two overlapping chunks', async () => {
    const overlapping = [
      chunk('Refunds', 'Refunds are issued to the original payment method within 5 business days of approval. To request a refund, contact support.'),
      chunk(
        'Refunds (continued)',
        'To request a refund, contact support. Refunds are issued to the original payment method within 5 business days of approval.',
      ),
    ];
    const { text } = await answerer.answer(request('How long do refunds take and how do I request one?', { sources: overlapping }));
    expect(text.match(/Refunds are issued/g)).toHaveLength(1);
    expect(text.match(/To request a refund/g)).toHaveLength(1);
  });

  it('should not repeat the sentences two pages share when a later passage reaches them', async () => {
    const intro = 'The way HTML forms send the data to the server normally uses a special encoding for that data, it is different from JSON.';
    const more = 'If you want to read more about these encodings and form fields, head to the MDN web docs for POST.';
    const sources = [
      {
        ...chunk(
          'Form Data',
          `About Form Fields\n\n${intro}\n\nData from forms is normally encoded using the media type application/x-www-form-urlencoded.\n\n${more}`,
        ),
        headingPath: ['Form Data', 'About Form Fields'],
      },
      {
        ...chunk(
          'Request Files',
          `What is Form Data\n\n${intro}\n\n${more}\n\nYou can declare multiple File and Form parameters in a path operation, but you can't also declare Body fields that you expect to receive as JSON.`,
        ),
        headingPath: ['Request Files', 'What is Form Data'],
      },
    ];
    const { text } = await answerer.answer(
      request('An HTML login form posts username and password as regular form fields, not JSON. How do I read them and what encoding do they come in?', {
        sources,
      }),
    );
    expect(text).toContain('You can declare multiple File and Form parameters in a path operation');
    expect(text.match(/The way HTML forms send/g)).toHaveLength(1);
    expect(text.match(/If you want to read more/g)).toHaveLength(1);
  });

  it('should prefer the better-ranked source between two equally good sentences', async () => {
    const twins = [chunk('Old policy', 'Refunds take 10 business days to arrive.'), chunk('New policy', 'Refunds take 5 business days to arrive.')];
    const { text } = await answerer.answer(request('How long do refunds take?', { sources: twins }));
    expect(text.startsWith('Refunds take 10 business days to arrive [1].')).toBe(true);
  });

  it('should use the previous question to answer a follow-up', async () => {
    const { text } = await answerer.answer(
      request('And how long does express take?', {
        history: [{ query: 'How long does shipping take?', response: 'Standard shipping takes 3 to 5 business days [4].' }],
      }),
    );
    expect(text).toMatch(/^Express shipping arrives the next business day, e\.g\. an order on Monday arrives on Tuesday \[4\]\./);
  });

  it('should never exceed maxTokens, cutting the best sentence if it must', async () => {
    for (const maxTokens of [200, 30, 12, 8, 3, 2, 1]) {
      const { text, tokensOutput } = await answerer.answer(request('How long do refunds take?', { maxTokens }));
      expect(text.length, `maxTokens ${maxTokens}`).toBeGreaterThan(0);
      expect(tokensOutput, `maxTokens ${maxTokens}`).toBeLessThanOrEqual(maxTokens);
      expect(countTokens(text)).toBe(tokensOutput);
    }
    const cut = await answerer.answer(request('How long do refunds take?', { maxTokens: 12 }));
    expect(cut.text).toMatch(/^Refunds are issued.*\u2026 \[2\]$/);
    for (const maxTokens of [1, 2]) {
      const refused = await answerer.answer(request('What is the airspeed of a swallow?', { maxTokens }));
      expect(refused.tokensOutput, `refusal in ${maxTokens}`).toBeLessThanOrEqual(maxTokens);
    }
  });

  it('should count tokens with the service tokenizer: the question and sources read, the answer written', async () => {
    const result = await answerer.answer(request('When are invoices sent?'));
    expect(result.tokensInput).toBe(countTokens(['When are invoices sent?', ...CORPUS.map((source) => source.text)].join('\n')));
    expect(result.tokensOutput).toBe(countTokens(result.text));
  });

  it('should stream the answer sentence by sentence, adding up to the full text', async () => {
    const deltas: string[] = [];
    const result = await answerer.answer(request('How do refunds work and how long do they take?'), { onDelta: (delta) => deltas.push(delta) });
    expect(deltas.length).toBe(splitSentences(result.text).length);
    expect(deltas.join('')).toBe(result.text);
  });

  it('should stop when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('client gone'));
    await expect(answerer.answer(request('How long do refunds take?'), { signal: controller.signal, onDelta: () => undefined })).rejects.toThrow('client gone');
  });
});

/** A manual in the shape the chunker gives it: heading lines, paragraphs, definition tables and fenced code. */
const MANUAL: RetrievedChunk[] = [
  {
    ...chunk(
      'Directives',
      [
        'Listen Directive',
        'Description: IP addresses and ports that the server listens to\nSyntax: Listen [IP-address:]portnumber [protocol]\nContext: server config\nStatus: MPM',
        'The Listen directive instructs the server to accept incoming requests only on the specified ports or address-and-port combinations.',
        'For example, to make the server accept connections on both port 80 and port 8000, use:',
        '```\nListen 80\nListen 8000\n```',
        'Multiple Listen directives may be used to specify a number of addresses and ports to listen on.',
      ].join('\n\n'),
    ),
    headingPath: ['Common directives', 'Listen Directive'],
  },
  {
    ...chunk(
      'Security tips',
      [
        'Hiding the version',
        'The server names its version in the Server response header unless told otherwise.',
        'In that case, set ServerTokens to Prod, so that only the product name is sent.',
        '{* ../../examples/server_tokens.conf hl[3] *}',
        'See the reference [2] for the other values.',
      ].join('\n\n'),
    ),
    headingPath: ['Security tips', 'Hiding the version'],
  },
];

describe('ExtractiveAnswerer on structured documentation', () => {
  const ask = (query: string, overrides: Partial<AnswerRequest> = {}) => answerer.answer(request(query, { sources: MANUAL, ...overrides }));

  it('should quote a configuration example verbatim, fenced, after the sentence that introduces it, under its section heading', async () => {
    const { text } = await ask('How do I make the server listen on a second port such as 8000?');
    expect(text).toMatch(/^\*\*Listen Directive\*\* \[1\]\n\n/);
    expect(text).toContain('For example, to make the server accept connections on both port 80 and port 8000, use [1]:\n\n```\nListen 80\nListen 8000\n```');
  });

  it('should quote a code block holding fences of its own whole, under a fence longer than any of them', async () => {
    const readme = '# Frobnicator\n\n```python\nfrob = Frobnicator(level=3)\n```\n\nSee the [frob docs][1] for more.';
    const fence = '`'.repeat(4);
    const sources = [
      chunk(
        'Frobnicator README',
        `To document the frobnicator in a README, write this block:\n\n${fence}\n${readme}\n${fence}\n\nThe level goes from 1 to 5.`,
        0.9,
      ),
    ];
    const { text } = await ask('How do I document the frobnicator in a README?', { sources });
    expect(text).toContain(`To document the frobnicator in a README, write this block [1]:\n\n${fence}\n${readme}\n${fence}`);
    expect(text).not.toContain('frob docs][1] for more [1]');
    expect(sanitizeCitations(text, sources.length)).toBe(text);
  });

  it('should quote a passage as a span: an example between two quoted sentences is quoted too', async () => {
    const { text } = await ask('Can multiple Listen directives accept connections on a number of addresses and ports, for example port 8000?');
    const introduction = text.indexOf('For example, to make the server accept connections on both port 80 and port 8000, use [1]:');
    const example = text.indexOf('```\nListen 80\nListen 8000\n```');
    const after = text.indexOf('Multiple Listen directives may be used to specify a number of addresses and ports to listen on [1].');
    expect(introduction).toBeGreaterThanOrEqual(0);
    expect(example).toBeGreaterThan(introduction);
    expect(after).toBeGreaterThan(example);
  });

  it('should quote a small definition table whole when one of its rows answers', async () => {
    const { text } = await ask('What is the syntax of Listen?');
    expect(text).toContain('Description: IP addresses and ports that the server listens to [1]\nSyntax: Listen [IP-address:]portnumber [protocol] [1]');
    expect(text).toContain('Status: MPM [1]');
  });

  it('should look a larger grid up: its header row and the row the question names, not the rows between', async () => {
    const rows = ['Austria | Vienna | 83,879', 'Belgium | Brussels | 30,689', 'Czechia | Prague | 78,866', 'Denmark | Copenhagen | 42,951'];
    const more = [
      'Estonia | Tallinn | 45,339',
      'Finland | Helsinki | 338,424',
      'France | Paris | 551,695',
      'Germany | Berlin | 357,022',
      'Greece | Athens | 131,957',
    ];
    const countries = chunk(
      'Countries',
      ['The table lists each country with its capital and its area.', ['Country | Capital | Area (km2)', ...rows, ...more].join('\n')].join('\n\n'),
    );
    const { text } = await answerer.answer(request('What are the capital and area of Finland?', { sources: [countries] }));
    expect(text).toContain('Country | Capital | Area (km2) [1]\nFinland | Helsinki | 338,424 [1]');
    expect(text).not.toContain('Estonia');
  });

  it('should quote the whole of a small table the passage reaches from the sentence above it', async () => {
    const table = chunk(
      'Report',
      ['Table 1: capitals of the EU countries named in this report', 'Country | Capital\nAustria | Vienna\nBelgium | Brussels\nFinland | Helsinki'].join(
        '\n\n',
      ),
    );
    const { text } = await answerer.answer(request('Which capital does the table of EU countries in the report give for Finland?', { sources: [table] }));
    expect(text).toContain('Country | Capital [1]\nAustria | Vienna [1]\nBelgium | Brussels [1]\nFinland | Helsinki [1]');
  });

  it('should quote a sentence together with the one it leans on', async () => {
    const { text } = await ask('Which ServerTokens value sends only the product name?');
    expect(text).toContain('The server names its version in the Server response header unless told otherwise [2].\n\nIn that case, set ServerTokens to Prod');
  });

  it('should leave out the leftovers of a documentation generator and show bracketed numbers of the text as no citation', async () => {
    const { text } = await ask('Where are the other ServerTokens values described? see the reference');
    expect(text).not.toContain('{*');
    expect(text).not.toContain('hl[3]');
    expect(text).toContain('See the reference (2) for the other values [2].');
    expect(citedSources(text).every((n) => n === 2)).toBe(true);
  });

  it('should quote an interval, a list or an index in brackets as the text has it, in code, where no bracket cites', async () => {
    const sources = [
      chunk('Topology', 'The unit interval [0, 1] is closed and compact, and items[3] of it is listed.', 0.9),
      chunk('Widgets', 'The default widget list is [2, 3], read with widgets[1][2], as [ref 2] and (see [5]) explain.', 0.8),
    ];
    const { text } = await ask('Is the unit interval compact, and what is the default widget list?', { sources });
    expect(text).toContain('The unit interval `[0, 1]` is closed and compact, and `items[3]` of it is listed [1].');
    expect(text).toContain('The default widget list is `[2, 3]`, read with `widgets[1][2]`, as `[ref 2]` and (see (5)) explain [2].');
    // The service's citation check keeps every quote as it is, and reads only the answerer's own markers as citations.
    expect(sanitizeCitations(text, sources.length)).toBe(text);
    expect(citedSources(text)).toEqual([1, 2]);
  });

  it('should keep code spans of the text as they are, and mark a bracket after them by a run of backticks they do not use', async () => {
    const sources = [chunk('Lists', 'Call `first()` to read the widget list, or use widgets[0] with a lone ` mark.', 0.9)];
    const { text } = await ask('How do I read the widget list?', { sources });
    expect(text).toContain('Call `first()` to read the widget list, or use ``widgets[0]`` with a lone ` mark [1].');
    expect(sanitizeCitations(text, sources.length)).toBe(text);
    expect(citedSources(text)).toEqual([1]);
  });

  it('should weigh the question by how rare its words are in the searched content, and refuse when its rare words are missing', async () => {
    const statistics = (frequencies: Record<string, number>) => ({ chunks: 1_000, documentFrequency: new Map(Object.entries(frequencies)) });
    const answerable = answerer.compose(
      request('How do I hide the server version?', { sources: MANUAL, termStatistics: statistics({ hide: 3, server: 900, version: 40 }) }),
    );
    expect(answerable.refused).toBe(false);
    // "throttle" is in no chunk of the scope: the sources hold the common words of the question, not its subject.
    const unanswerable = answerer.compose(
      request('How do I throttle requests to the server per client?', {
        sources: MANUAL,
        termStatistics: statistics({ throttl: 0, request: 500, server: 900, client: 300 }),
      }),
    );
    expect(unanswerable.refused).toBe(true);
    expect(unanswerable.pieces.join('')).toBe(NO_ANSWER);
    expect(unanswerable.confidence).toBeLessThan(MIN_CONFIDENCE);
    expect(answerable.confidence).toBeGreaterThan(unanswerable.confidence);
  });

  it('should answer with whatever passage covers the question once the threshold allows it, and report the same confidence', () => {
    const question = request('How do I throttle requests to the server per client?', { sources: MANUAL });
    const strict = answerer.compose(question);
    const lenient = new ExtractiveAnswerer({ minConfidence: 0 }).compose(question);
    expect(lenient.confidence).toBe(strict.confidence);
    expect(lenient.refused).toBe(false);
    expect(citedSources(lenient.pieces.join('')).length).toBeGreaterThan(0);
  });
});

describe('splitSentences', () => {
  it('should split at sentence ends and line breaks, not after abbreviations or inside numbers', () => {
    expect(splitSentences('Orders ship by 2 p.m. on weekdays. Version 3.5 is out, e.g. for Linux.\n- First item\n## Heading\nDr. Smith agrees!')).toEqual([
      'Orders ship by 2 p.m. on weekdays.',
      'Version 3.5 is out, e.g. for Linux.',
      'First item',
      'Heading',
      'Dr. Smith agrees!',
    ]);
  });
});
