import { describe, expect, it } from 'vitest';
import { passageTerms, stem, terms } from '#src/modules/generation/extractive/text-analysis.js';

describe('stem', () => {
  it('should give a word the stem of PostgreSQL english configuration, the same the second time', () => {
    expect(stem('compression')).toBe('compress');
    expect(stem('compresses')).toBe('compress');
    expect(stem('compression')).toBe('compress');
    expect(stem("server's")).toBe('server');
  });

  it('should keep the same stems after more distinct words than it remembers', () => {
    for (let index = 0; index < 60_000; index++) {
      stem(`word${index}s`);
    }
    expect(stem('compression')).toBe('compress');
    expect(stem('word59999s')).toBe('word59999');
  });

  it('should keep a string too long to be a word as it is', () => {
    const blob = `${'ab1'.repeat(3_000)}ies`;
    expect(stem(blob)).toBe(blob);
    expect(terms(`Listen ${blob} ports`)).toEqual(['listen', blob, 'port']);
  });
});

describe('passageTerms', () => {
  it('should add the words of each camel-case identifier once, after the terms, as keyword search indexes them', () => {
    expect(passageTerms('Set DocumentRoot, or keepAliveTimeout; DocumentRoot again.')).toEqual([
      ...terms('Set DocumentRoot, or keepAliveTimeout; DocumentRoot again.'),
      ...terms('Document Root keep Alive Timeout'),
    ]);
  });

  it('should leave acronyms and short mixed tokens as they are', () => {
    expect(passageTerms('IgG, mRNA and a JSONResponse')).toEqual(terms('IgG, mRNA and a JSONResponse'));
  });
});

describe('terms', () => {
  it('should drop the function words of the text’s own language and stem with its stemmer', () => {
    expect(terms('Wer hat das Skript über die Räume geschrieben?')).toEqual(['skript', 'raum', 'geschrieb']);
    expect(terms('Dieses Skript wurde von Martin Thoma geschrieben.')).toEqual(['skript', 'wurd', 'martin', 'thoma', 'geschrieb']);
    expect(terms('¿Cuáles son los requisitos de la instalación?')).toEqual(['requisit', 'instal']);
    expect(terms('Où se trouvent les fichiers de configuration ?')).toEqual(['trouvent', 'fichi', 'configur']);
  });

  it('should read a text with no more function words of another language than of English as English', () => {
    expect(terms('How do I listen on a second port?')).toEqual(['listen', 'second', 'port']);
    expect(terms('Listen 8080')).toEqual(['listen', '8080']);
  });
});

describe('terms of code and short phrases', () => {
  it('should read code and a phrase with a single function word of another language as English', () => {
    expect(terms('q: Union[str, None] = None')).toEqual(['union', 'str', 'none', 'none']);
    expect(terms('Listen on ports con 8080')).toEqual(['listen', 'port', 'con', '8080']);
  });
});
