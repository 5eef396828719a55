import { describe, expect, it } from 'vitest';
import { answerParts, citedNumbers, type Block, type Citation, type Inline } from '@/ui/answer/answer-parts';

/** The inline parts of an answer that is one paragraph. */
function inline(text: string, sourceCount: number): Inline[] {
  const blocks = answerParts(text, sourceCount);
  expect(blocks).toHaveLength(1);
  expect(blocks[0].kind).toBe('paragraph');
  return (blocks[0] as Extract<Block, { kind: 'paragraph' }>).content;
}

function cite(text: string, ...pieces: (string | number)[]): Citation {
  const sources = pieces.filter((piece) => typeof piece === 'number');
  return {
    kind: 'citation',
    text,
    sources,
    pieces: pieces.map((piece) => (typeof piece === 'number' ? { kind: 'source', source: piece, text: String(piece) } : { kind: 'text', text: piece })),
  };
}

function citations(parts: Inline[]): Citation[] {
  return parts.flatMap((part) => (part.kind === 'citation' ? [part] : part.kind === 'strong' ? citations(part.content) : []));
}

/** Every character of a paragraph as written, less the bold asterisks and code backticks. */
function spelled(parts: Inline[]): string {
  return parts.map((part) => (part.kind === 'strong' || part.kind === 'em' ? spelled(part.content) : part.text)).join('');
}

describe('answerParts: citations', () => {
  it('should link [n] markers that name listed sources', () => {
    expect(inline('Open Settings [1]. Then Security [2].', 2)).toEqual([
      { kind: 'text', text: 'Open Settings ' },
      cite('[1]', '[', 1, ']'),
      { kind: 'text', text: '. Then Security ' },
      cite('[2]', '[', 2, ']'),
      { kind: 'text', text: '.' },
    ]);
  });

  it('should cite each number of a list, and every source of a range', () => {
    expect(inline('Security [2, 3] or [2-3].', 3)).toEqual([
      { kind: 'text', text: 'Security ' },
      cite('[2, 3]', '[', 2, ', ', 3, ']'),
      { kind: 'text', text: ' or ' },
      cite('[2-3]', '[', 2, '-', 3, ']'),
      { kind: 'text', text: '.' },
    ]);
    const [range] = citations(inline('All of it [1\u20133]', 3));
    expect(range.sources).toEqual([1, 2, 3]);
    expect(range.pieces).toEqual([
      { kind: 'text', text: '[' },
      { kind: 'source', source: 1, text: '1' },
      { kind: 'text', text: '\u2013' },
      { kind: 'source', source: 3, text: '3' },
      { kind: 'text', text: ']' },
    ]);
  });

  it('should read semicolons, spaces and prefixed forms', () => {
    expect(citations(inline('A [1; 3], B [ 2 ], C [Source 2], D [refs #1, 3]', 3)).map((citation) => citation.sources)).toEqual([[1, 3], [2], [2], [1, 3]]);
    expect(citedNumbers('Source 2', 3)).toEqual([2]);
    expect(citedNumbers('sources 1; 3', 3)).toEqual([1, 3]);
    expect(citedNumbers('1\u20133', 3)).toEqual([1, 2, 3]);
    expect(citedNumbers('3-1', 3)).toBeUndefined();
    expect(citedNumbers('1, 1-2', 3)).toEqual([1, 2]);
  });

  it('should leave markers that name no listed source, links and other brackets as text', () => {
    expect(inline('See [4], [0], [Settings] and [here](https://example.test).', 3)).toEqual([
      { kind: 'text', text: 'See [4], [0], [Settings] and [here](https://example.test).' },
    ]);
    expect(inline('No sources [1].', 0)).toEqual([{ kind: 'text', text: 'No sources [1].' }]);
    expect(inline('Syntax: Listen [IP-address:]portnumber [protocol] [1]', 1)).toEqual([
      { kind: 'text', text: 'Syntax: Listen [IP-address:]portnumber [protocol] ' },
      cite('[1]', '[', 1, ']'),
    ]);
  });

  it('should link only the listed numbers of a marker, keeping the others visible as written', () => {
    expect(inline('Zero [0], seven [7] and [2, 9]', 2)).toEqual([{ kind: 'text', text: 'Zero [0], seven [7] and ' }, cite('[2, 9]', '[', 2, ', 9]')]);
    // A range reaching past the list, or reversed, names no source of it.
    expect(inline('[1, 2-4] and [3-1]', 3)).toEqual([cite('[1, 2-4]', '[', 1, ', 2-4]'), { kind: 'text', text: ' and [3-1]' }]);
  });

  it('should link a marker once its source is listed, as an answer streams in', () => {
    const text = 'Open Settings [2]';
    expect(inline(text, 1)).toEqual([{ kind: 'text', text: 'Open Settings [2]' }]);
    expect(citations(inline(text, 2))).toEqual([cite('[2]', '[', 2, ']')]);
    // A marker still being written stays text.
    expect(inline('Open Settings [1, ', 2)).toEqual([{ kind: 'text', text: 'Open Settings [1, ' }]);
  });

  it('should not be fooled by hostile markers', () => {
    expect(inline('[999999] [1-9999] [00001] [-1] [1e3] [0x1]', 3)).toEqual([{ kind: 'text', text: '[999999] [1-9999] [00001] [-1] [1e3] [0x1]' }]);
    expect(inline(`[${'1, '.repeat(30)}1]`, 1)).toEqual([{ kind: 'text', text: `[${'1, '.repeat(30)}1]` }]);
    expect(inline('[[1]] and [see [2]]', 2)).toEqual([
      { kind: 'text', text: '[' },
      cite('[1]', '[', 1, ']'),
      { kind: 'text', text: '] and [see ' },
      cite('[2]', '[', 2, ']'),
      { kind: 'text', text: ']' },
    ]);
    expect(inline('[1\n]', 1)).toEqual([{ kind: 'text', text: '[1\n]' }]);
  });

  it('should answer nothing for an empty answer, and plain text whole', () => {
    expect(answerParts('', 3)).toEqual([]);
    expect(answerParts(' \n\n \n', 3)).toEqual([]);
    expect(inline('No sources here.', 0)).toEqual([{ kind: 'text', text: 'No sources here.' }]);
  });
});

describe('answerParts: code and bold', () => {
  it('should not close a code span with a run that an earlier span holds', () => {
    expect(inline('x `a ``b` c`` y', 0)).toEqual([
      { kind: 'text', text: 'x ' },
      { kind: 'code', text: 'a ``b' },
      { kind: 'text', text: ' c`` y' },
    ]);
  });

  it('should not look for markers inside code', () => {
    const parts = inline('Read `items[1]` first [1]. Then `` list[2] `x` `` [2].', 2);
    expect(parts).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'code', text: 'items[1]' },
      { kind: 'text', text: ' first ' },
      cite('[1]', '[', 1, ']'),
      { kind: 'text', text: '. Then ' },
      { kind: 'code', text: 'list[2] `x`' },
      { kind: 'text', text: ' ' },
      cite('[2]', '[', 2, ']'),
      { kind: 'text', text: '.' },
    ]);
  });

  it('should bold **runs**, with the citations inside them, but not in code, and leave an unclosed one as written', () => {
    expect(answerParts('**Passwords** [1]\n\nOpen **Settings [1]** and `**x**` or **more', 1)).toEqual([
      {
        kind: 'paragraph',
        content: [{ kind: 'strong', content: [{ kind: 'text', text: 'Passwords' }] }, { kind: 'text', text: ' ' }, cite('[1]', '[', 1, ']')],
      },
      {
        kind: 'paragraph',
        content: [
          { kind: 'text', text: 'Open ' },
          { kind: 'strong', content: [{ kind: 'text', text: 'Settings ' }, cite('[1]', '[', 1, ']')] },
          { kind: 'text', text: ' and ' },
          { kind: 'code', text: '**x**' },
          { kind: 'text', text: ' or **more' },
        ],
      },
    ]);
  });

  it('should leave an unclosed backtick as written, and not bold across lines', () => {
    expect(inline('Type ` then [1] and **a\nb**', 1)).toEqual([
      { kind: 'text', text: 'Type ` then ' },
      cite('[1]', '[', 1, ']'),
      { kind: 'text', text: ' and **a\nb**' },
    ]);
  });
});

describe('answerParts: blocks', () => {
  it('should split paragraphs on blank lines and keep single line ends inside them', () => {
    const blocks = answerParts('**Listen** [1]\n\n- Listen 80 [1]\n- Listen 8000 [1]\n \t\nDone.', 1);
    expect(blocks.map((block) => block.kind)).toEqual(['paragraph', 'paragraph', 'paragraph']);
    expect(spelled((blocks[1] as Extract<Block, { kind: 'paragraph' }>).content)).toBe('- Listen 80 [1]\n- Listen 8000 [1]');
  });

  it('should keep a fenced block verbatim with its language, markers and blank lines included', () => {
    const answer = 'To listen on port 8000, use [1]:\n\n```apache\nListen 80\n\n  Listen [::]:8000 [1]\n**not bold**\n```\nThen restart [1].';
    expect(answerParts(answer, 1)).toEqual([
      { kind: 'paragraph', content: [{ kind: 'text', text: 'To listen on port 8000, use ' }, cite('[1]', '[', 1, ']'), { kind: 'text', text: ':' }] },
      { kind: 'code', language: 'apache', text: 'Listen 80\n\n  Listen [::]:8000 [1]\n**not bold**' },
      { kind: 'paragraph', content: [{ kind: 'text', text: 'Then restart ' }, cite('[1]', '[', 1, ']'), { kind: 'text', text: '.' }] },
    ]);
  });

  it('should read fences as Markdown does: tildes, longer fences, indented fences, no language', () => {
    expect(answerParts('~~~\na\n~~~', 0)).toEqual([{ kind: 'code', text: 'a' }]);
    expect(answerParts('````md\n```\ninner\n```\n````', 0)).toEqual([{ kind: 'code', language: 'md', text: '```\ninner\n```' }]);
    expect(answerParts('  ```sh\n  ls -l\n    cd\n  ```', 0)).toEqual([{ kind: 'code', language: 'sh', text: 'ls -l\n  cd' }]);
    expect(answerParts('```\n```', 0)).toEqual([{ kind: 'code', text: '' }]);
    // Three backticks with code after them on one line are inline code, not a fence.
    expect(answerParts('```ls -l```', 0)).toEqual([{ kind: 'paragraph', content: [{ kind: 'code', text: 'ls -l' }] }]);
    expect(answerParts('\r\n```js\r\nx = 1\r\n```\r\n', 0)).toEqual([{ kind: 'code', language: 'js', text: 'x = 1' }]);
  });

  it('should show an unterminated fence as code while the answer streams in', () => {
    expect(answerParts('Use [1]:\n\n```apache\nListen 80\n', 1)).toEqual([
      { kind: 'paragraph', content: [{ kind: 'text', text: 'Use ' }, cite('[1]', '[', 1, ']'), { kind: 'text', text: ':' }] },
      { kind: 'code', language: 'apache', text: 'Listen 80' },
    ]);
    expect(answerParts('Use:\n```', 0)).toEqual([
      { kind: 'paragraph', content: [{ kind: 'text', text: 'Use:' }] },
      { kind: 'code', text: '' },
    ]);
    expect(answerParts('```apache\nListen 8', 0)).toEqual([{ kind: 'code', language: 'apache', text: 'Listen 8' }]);
    // A closing fence of the wrong kind or too short does not close it.
    expect(answerParts('````\na\n```\n~~~~', 0)).toEqual([{ kind: 'code', text: 'a\n```\n~~~~' }]);
  });

  it('should read a very long answer in time that grows with its length, and lose none of it', () => {
    const sentence = 'Open Settings [1], then `items[2]` and **Security [2]** [3]. ';
    const answerOf = (sentences: number): string => Array.from({ length: 50 }, () => sentence.repeat(sentences)).join('\n\n');
    expect(growthOf(answerOf, 12)).toBeLessThan(LINEAR_AT_MOST);
    const blocks = answerParts(answerOf(400), 2);
    expect(blocks).toHaveLength(50);
    const first = (blocks[0] as Extract<Block, { kind: 'paragraph' }>).content;
    expect(citations(first)).toHaveLength(800);
    expect(spelled(first)).toBe(sentence.repeat(400).replace(/\*\*/g, '').replace(/`/g, ''));
  });

  it('should read runs of brackets, backticks and asterisks in time that grows with their length', () => {
    const hostileOf = (length: number): string =>
      [
        '['.repeat(length),
        `x${'`'.repeat(length / 2)}`,
        Array.from({ length: Math.round(Math.sqrt(length)) }, (_, n) => '`'.repeat(n + 1)).join(' '),
        '**'.repeat(length / 2) + 'x',
        '[1'.repeat(length / 2),
      ].join('\n\n');
    expect(growthOf(hostileOf, 6_400)).toBeLessThan(LINEAR_AT_MOST);
    const blocks = answerParts(hostileOf(102_400), 1);
    expect(blocks.map((block) => block.kind)).toEqual(['paragraph', 'paragraph', 'paragraph', 'paragraph', 'paragraph']);
    expect(spelled((blocks[0] as Extract<Block, { kind: 'paragraph' }>).content)).toBe('['.repeat(102_400));
  });
});

describe('answerParts: Markdown of an article', () => {
  const markdown = (text: string) => answerParts(text, 0, { markdown: true });
  const text = (value: string): Inline => ({ kind: 'text', text: value });

  it('should read headings, lists, quotes and rules as blocks, and italics and links inside them', () => {
    expect(
      markdown('# Reset\n\nGo to **Settings** and click *Reset*.\n\n- step one\n- step _two_\n\n> Note: [the guide](https://docs.example.test/reset)\n\n---'),
    ).toEqual([
      { kind: 'heading', level: 1, content: [text('Reset')] },
      {
        kind: 'paragraph',
        content: [text('Go to '), { kind: 'strong', content: [text('Settings')] }, text(' and click '), { kind: 'em', content: [text('Reset')] }, text('.')],
      },
      { kind: 'list', ordered: false, start: 1, items: [[text('step one')], [text('step '), { kind: 'em', content: [text('two')] }]] },
      { kind: 'quote', paragraphs: [[text('Note: '), { kind: 'link', href: 'https://docs.example.test/reset', text: 'the guide' }]] },
      { kind: 'rule' },
    ]);
  });

  it('should read numbered lists with their first number, items that run on, and a list that interrupts a paragraph', () => {
    expect(markdown('Steps:\n3. Open\n   the settings\n4) Save\n\n5. Check')).toEqual([
      { kind: 'paragraph', content: [text('Steps:\n3. Open\n   the settings\n4) Save')] },
      { kind: 'list', ordered: true, start: 5, items: [[text('Check')]] },
    ]);
    expect(markdown('Steps:\n1. Open\n   the settings\n2) Save\n\n3. Check')).toEqual([
      { kind: 'paragraph', content: [text('Steps:')] },
      { kind: 'list', ordered: true, start: 1, items: [[text('Open\nthe settings')], [text('Save')], [text('Check')]] },
    ]);
    expect(markdown('- one\n\nAfter.').map((block) => block.kind)).toEqual(['list', 'paragraph']);
    expect(markdown('- one\n1. two').map((block) => block.kind)).toEqual(['list', 'list']);
  });

  it('should read heading levels and closing marks, and leave what is not a heading as text', () => {
    expect(markdown('### Three ###\n###### Six\n####### Seven\n#hashtag')).toEqual([
      { kind: 'heading', level: 3, content: [text('Three')] },
      { kind: 'heading', level: 6, content: [text('Six')] },
      { kind: 'paragraph', content: [text('####### Seven\n#hashtag')] },
    ]);
    expect(markdown('# C# and F#')).toEqual([{ kind: 'heading', level: 1, content: [text('C# and F#')] }]);
  });

  it('should keep snake_case, stray asterisks and links to other than web addresses as written, and never read HTML', () => {
    const written = ['snake_case_name and 2 * 3 * 4', '[run](javascript:alert(1)) [file](file:///etc/passwd)', '<img src=x onerror=alert(1)>'];
    for (const line of written) {
      expect(markdown(line), line).toEqual([{ kind: 'paragraph', content: [text(line)] }]);
    }
  });

  it('should leave an answer’s Markdown-like lines as written', () => {
    expect(answerParts('# not a heading\n- nor a list *nor italics*', 0)).toEqual([
      { kind: 'paragraph', content: [text('# not a heading\n- nor a list *nor italics*')] },
    ]);
  });

  it('should read runs of Markdown marks in time that grows with their length', () => {
    const hostileOf = (length: number): string =>
      [
        '#'.repeat(length) + ' x',
        `# ${'#'.repeat(length)}x`,
        '*a '.repeat(length / 3),
        '_a '.repeat(length / 3),
        '[a]('.repeat(length / 4),
        '- '.repeat(length / 2),
        '> '.repeat(length / 2),
        Array.from({ length: length / 8 }, () => '- item').join('\n'),
      ].join('\n\n');
    expect(growthOf(hostileOf, 3_200, markdown)).toBeLessThan(LINEAR_AT_MOST);
  });
});

/**
 * Thirty-two times the text in at most this many times the time: quadratic work takes about 1,024; linear
 * work 32 to 60, and up to twice that on a loaded machine (a large text no longer fits the processor's
 * caches, and its many parts make the collector work harder).
 */
const LINEAR_AT_MOST = 256;
const GROWTH = 32;

/**
 * How many times longer the answer made at thirty-two times `scale` takes to read than the one made at
 * `scale`, each read once to warm it up and then timed at its fastest of five readings, so that neither
 * compilation nor a pause of a loaded machine is counted: a ratio of two timings in one run rather than a
 * time limit that depends on the machine. The time is the processor time this process spent, not the time
 * that passed: on a loaded machine a long reading is shared out with other processes where a short one may
 * run whole, and the time that passed counted that against the long one.
 */
function growthOf(make: (scale: number) => string, scale: number, read = (text: string) => answerParts(text, 2)): number {
  const fastest = (text: string): number => {
    read(text);
    return Math.min(
      ...[0, 1, 2, 3, 4].map(() => {
        const started = process.cpuUsage();
        read(text);
        const spent = process.cpuUsage(started);
        return spent.user + spent.system;
      }),
    );
  };
  const small = make(scale);
  const large = make(scale * GROWTH);
  return fastest(large) / Math.max(1, fastest(small));
}
