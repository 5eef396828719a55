import { describe, expect, it } from 'vitest';
import { splitAnswer, splitCitations } from '@/pages/playground/citations';

describe('splitCitations', () => {
  it('should turn [n] markers naming a source into citations, their brackets into punctuation', () => {
    expect(splitCitations('Open Settings [1]. Then Security [2].', 2)).toEqual([
      { kind: 'text', text: 'Open Settings ' },
      { kind: 'punctuation', text: '[' },
      { kind: 'citation', source: 1 },
      { kind: 'punctuation', text: ']' },
      { kind: 'text', text: '. Then Security ' },
      { kind: 'punctuation', text: '[' },
      { kind: 'citation', source: 2 },
      { kind: 'punctuation', text: ']' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('should cite each number of a list, and keep the dash of a range visible', () => {
    expect(splitCitations('A [1, 3] and B [2–3]', 3)).toEqual([
      { kind: 'text', text: 'A ' },
      { kind: 'punctuation', text: '[' },
      { kind: 'citation', source: 1 },
      { kind: 'punctuation', text: ', ' },
      { kind: 'citation', source: 3 },
      { kind: 'punctuation', text: ']' },
      { kind: 'text', text: ' and B ' },
      { kind: 'punctuation', text: '[' },
      { kind: 'citation', source: 2 },
      { kind: 'text', text: '–' },
      { kind: 'citation', source: 3 },
      { kind: 'punctuation', text: ']' },
    ]);
  });

  it('should leave markers that name no source, and brackets that are not markers, as text', () => {
    expect(splitCitations('Zero [0], seven [7], [note] and [2, 9]', 2)).toEqual([
      { kind: 'text', text: 'Zero [0], seven [7], [note] and ' },
      { kind: 'punctuation', text: '[' },
      { kind: 'citation', source: 2 },
      { kind: 'punctuation', text: ', ' },
      { kind: 'text', text: '9' },
      { kind: 'punctuation', text: ']' },
    ]);
  });

  it('should answer plain text whole, and nothing for an empty answer', () => {
    expect(splitCitations('No sources here.', 0)).toEqual([{ kind: 'text', text: 'No sources here.' }]);
    expect(splitCitations('', 3)).toEqual([]);
  });
});

describe('splitAnswer', () => {
  it('should bold **runs**, with the citations inside them, and leave an unclosed one as written', () => {
    expect(splitAnswer('**Passwords** [1]\n\nOpen **Settings [1]** and **more', 1)).toEqual([
      { kind: 'strong', content: [{ kind: 'text', text: 'Passwords' }] },
      { kind: 'text', text: ' ' },
      { kind: 'punctuation', text: '[' },
      { kind: 'citation', source: 1 },
      { kind: 'punctuation', text: ']' },
      { kind: 'text', text: '\n\nOpen ' },
      {
        kind: 'strong',
        content: [
          { kind: 'text', text: 'Settings ' },
          { kind: 'punctuation', text: '[' },
          { kind: 'citation', source: 1 },
          { kind: 'punctuation', text: ']' },
        ],
      },
      { kind: 'text', text: ' and **more' },
    ]);
  });
});
