import { describe, expect, it } from 'vitest';
import { splitCitations } from '@/pages/playground/citations';

describe('splitCitations', () => {
  it('should turn [n] markers naming a source into citations and keep the rest as text', () => {
    expect(splitCitations('Open Settings [1]. Then Security [2].', 2)).toEqual([
      { kind: 'text', text: 'Open Settings [' },
      { kind: 'citation', source: 1 },
      { kind: 'text', text: ']. Then Security [' },
      { kind: 'citation', source: 2 },
      { kind: 'text', text: '].' },
    ]);
  });

  it('should cite each number of a list or a range and keep its separators', () => {
    expect(splitCitations('A [1, 3] and B [2–3]', 3)).toEqual([
      { kind: 'text', text: 'A [' },
      { kind: 'citation', source: 1 },
      { kind: 'text', text: ', ' },
      { kind: 'citation', source: 3 },
      { kind: 'text', text: '] and B [' },
      { kind: 'citation', source: 2 },
      { kind: 'text', text: '–' },
      { kind: 'citation', source: 3 },
      { kind: 'text', text: ']' },
    ]);
  });

  it('should leave numbers that name no source, and brackets that are not markers, as text', () => {
    expect(splitCitations('Zero [0], seven [7], [note] and [2]', 2)).toEqual([
      { kind: 'text', text: 'Zero [0], seven [7], [note] and [' },
      { kind: 'citation', source: 2 },
      { kind: 'text', text: ']' },
    ]);
  });

  it('should answer plain text whole, and nothing for an empty answer', () => {
    expect(splitCitations('No sources here.', 0)).toEqual([{ kind: 'text', text: 'No sources here.' }]);
    expect(splitCitations('', 3)).toEqual([]);
  });
});
