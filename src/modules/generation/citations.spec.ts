import { describe, expect, it } from 'vitest';
import { CitationFilter, citedSources, sanitizeCitations } from '#src/modules/generation/citations.js';

/** Runs the streaming filter over `text` cut into the given piece sizes (cycled). */
function streamed(text: string, sourceCount: number, sizes: number[]): string {
  const filter = new CitationFilter(sourceCount);
  let out = '';
  let position = 0;
  for (let i = 0; position < text.length; i++) {
    const size = sizes[i % sizes.length];
    out += filter.push(text.slice(position, position + size));
    position += size;
  }
  return out + filter.flush();
}

describe('sanitizeCitations', () => {
  it('should keep markers that cite given sources, as written', () => {
    const text = 'Paris is the capital [1]. It is large [2][3]. See also [1, 3] and [2-3].';
    expect(sanitizeCitations(text, 3)).toBe(text);
  });

  it('should remove a marker citing a source that was not given, with the space before it', () => {
    expect(sanitizeCitations('Paris is the capital [1]. It is large [7]. It has a river [2].', 3)).toBe(
      'Paris is the capital [1]. It is large. It has a river [2].',
    );
    expect(sanitizeCitations('Nothing to cite [0] here [4].', 3)).toBe('Nothing to cite here.');
  });

  it('should keep the valid numbers of a marker that mixes valid and invalid ones', () => {
    expect(sanitizeCitations('Both [2, 9] say so; and [5, 1; 3].', 3)).toBe('Both [2] say so; and [1, 3].');
    expect(sanitizeCitations('A range [2-9].', 3)).toBe('A range [2, 3].');
  });

  it('should rewrite prefixed forms as plain markers and drop invalid ones', () => {
    expect(sanitizeCitations('Yes [Source 2]. Also [sources 1; 3]. And [ref 8].', 3)).toBe('Yes [2]. Also [1, 3]. And.');
  });

  it('should leave brackets that are not citations alone', () => {
    expect(sanitizeCitations('Use the [Settings] page, then [click here](https://example.test/x).', 2)).toBe(
      'Use the [Settings] page, then [click here](https://example.test/x).',
    );
    expect(sanitizeCitations('An unclosed [1 bracket', 2)).toBe('An unclosed [1 bracket');
  });

  it('should not touch brackets in code', () => {
    const text = 'Read `items[7]` first [1].\n\n```js\nconst x = list[9];\n```\nDone [8].';
    expect(sanitizeCitations(text, 2)).toBe('Read `items[7]` first [1].\n\n```js\nconst x = list[9];\n```\nDone.');
  });

  it('should keep a line break before a removed marker and trim the answer', () => {
    expect(sanitizeCitations('  First line.\n[9] Second line [1].  \n', 1)).toBe('First line.\nSecond line [1].');
    expect(sanitizeCitations('[4] Starts with a bad marker.', 1)).toBe('Starts with a bad marker.');
  });

  it('should remove every marker when no source was given', () => {
    expect(sanitizeCitations('Invented [1] and [2].', 0)).toBe('Invented and.');
  });
});

describe('code in answers', () => {
  // Each case: the answer, with five sources given, and what leaves the service.
  it.each([
    [
      'an unpaired backtick hides nothing after it',
      'Don`t set it twice [9]. Use the cache [1]. See also [7].',
      'Don`t set it twice. Use the cache [1]. See also.',
    ],
    ['a code span left open ends with its line', 'Open `config[9]\nSee [9] and `list[9]` [1].', 'Open `config\nSee and `list[9]` [1].'],
    ['a code span closes with a run of as many backticks', 'Use ``a`[9]`` and ```b[9]``` here [9] [1].', 'Use ``a`[9]`` and ```b[9]``` here [1].'],
    [
      'backticks in the middle of a line open no fence',
      'Text ```not a fence [9]\n```\ncode[9]\n```\nAfter [9] [1].',
      'Text ```not a fence\n```\ncode[9]\n```\nAfter [1].',
    ],
    ['a fence line holding backticks is a code span', '```npm i``` [9] [1]', '```npm i``` [1]'],
    ['a fence never closed is code to the end', 'Steps [1]:\n   ```js\nlist[9];\n[9]', 'Steps [1]:\n   ```js\nlist[9];\n[9]'],
    ['a closing fence stands alone on its line', '```\na[9]\n``` not closing\nb[9]\n```\nc [9]', '```\na[9]\n``` not closing\nb[9]\n```\nc'],
    ['tildes fence a block too', '~~~\nlist[9]\n~~~\nDone [9] ~ [2].', '~~~\nlist[9]\n~~~\nDone ~ [2].'],
    ['numbers of any length', 'A [12345] B [Source 12345] C [1-10000].', 'A B C [1, 2, 3, 4, 5].'],
  ])('should read %s', (_name, text, expected) => {
    expect(sanitizeCitations(text, 5)).toBe(expected);
    for (const sizes of [[1], [2], [3], [7], [1, 5, 2]]) {
      expect(streamed(text, 5, sizes), `pieces of ${sizes.join(',')}`).toBe(expected);
    }
  });

  it('should hold what follows backticks only until the span closes or its line ends', () => {
    const filter = new CitationFilter(2);
    expect(filter.push('Run `npm')).toBe('Run');
    expect(filter.push(' ci` now')).toBe(' `npm ci` now');
    expect(filter.push('. Don`t [9]')).toBe('. Don');
    expect(filter.push(' wait [2]\nNext')).toBe('`t wait [2]\nNext');
    expect(filter.flush()).toBe('');
  });
});

describe('CitationFilter', () => {
  const text = 'Paris is the capital [1]. It is large [7].\nRivers: [2, 9] and [Source 3] `a[9]` [12] end [3]';

  it('should give the same text as sanitizeCitations however the stream is cut', () => {
    const expected = sanitizeCitations(text, 3);
    expect(expected).toBe('Paris is the capital [1]. It is large.\nRivers: [2] and [3] `a[9]` end [3]');
    for (const sizes of [[1], [2], [3], [5], [7], [1, 4, 2], [text.length]]) {
      expect(streamed(text, 3, sizes), `pieces of ${sizes.join(',')}`).toBe(expected);
    }
  });

  it('should hold back only what may still be a marker', () => {
    const filter = new CitationFilter(2);
    expect(filter.push('Answer one')).toBe('Answer one');
    expect(filter.push(' [')).toBe('');
    expect(filter.push('1')).toBe('');
    expect(filter.push('] and')).toBe(' [1] and');
    expect(filter.push(' [5')).toBe('');
    expect(filter.push('].')).toBe('.');
    expect(filter.flush()).toBe('');
  });
});

describe('citedSources', () => {
  it('should list the cited numbers in order of first citation', () => {
    expect(citedSources('A [2]. B [1, 2]. C [3-4]. D [Source 5]. `x` [not a marker]')).toEqual([2, 1, 3, 4, 5]);
  });

  it('should not count brackets in code as citations, reading code as the filter does', () => {
    expect(citedSources('Use this:\n```\nx = items[2]\n```\nThen `a[3]` and ``b[4]``.')).toEqual([]);
    expect(citedSources('An unclosed block:\n~~~~\nitems[2]\n~~~\nitems[3]')).toEqual([]);
    expect(citedSources('```py\nitems[2]\n```\nRead it [1]. A lone ` tick [2].')).toEqual([1, 2]);
    expect(citedSources('Inline ```x``` [3]')).toEqual([3]);
  });
});
