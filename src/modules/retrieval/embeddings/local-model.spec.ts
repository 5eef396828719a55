import { describe, expect, it } from 'vitest';
import { localEmbedderWorkerFile } from '#src/modules/retrieval/embeddings/local-embedder.js';
import { LOCAL_MAX_INPUT_CHARACTERS, prepareForLocalModel } from '#src/modules/retrieval/embeddings/local-model.js';

describe('prepareForLocalModel', () => {
  it('should pass a text within the limit unchanged', () => {
    const text = 'a'.repeat(LOCAL_MAX_INPUT_CHARACTERS);
    expect(prepareForLocalModel(text)).toBe(text);
  });

  it('should cut a longer text to the limit', () => {
    expect(prepareForLocalModel('a'.repeat(LOCAL_MAX_INPUT_CHARACTERS * 3))).toBe('a'.repeat(LOCAL_MAX_INPUT_CHARACTERS));
  });

  it('should not cut between the halves of a surrogate pair', () => {
    const text = `${'a'.repeat(LOCAL_MAX_INPUT_CHARACTERS - 1)}😀tail`;

    const prepared = prepareForLocalModel(text);

    expect(prepared).toBe('a'.repeat(LOCAL_MAX_INPUT_CHARACTERS - 1));
    expect(prepared.at(-1)).toBe('a');
  });

  it('should turn the empty text into a space, which the tokenizer does not drop', () => {
    expect(prepareForLocalModel('')).toBe(' ');
  });
});

describe('localEmbedderWorkerFile', () => {
  it('should use the compiled sibling when running compiled', () => {
    expect(localEmbedderWorkerFile('file:///app/dist/src/modules/retrieval/embeddings/local-embedder.js')).toBe(
      '/app/dist/src/modules/retrieval/embeddings/local-embedder.worker.js',
    );
  });

  it('should use the same place under dist/ when running from TypeScript sources', () => {
    expect(localEmbedderWorkerFile()).toMatch(/\/dist\/src\/modules\/retrieval\/embeddings\/local-embedder\.worker\.js$/);
    expect(localEmbedderWorkerFile(new URL('../../../../src/modules/retrieval/embeddings/local-embedder.ts', import.meta.url).href)).toBe(
      new URL('../../../../dist/src/modules/retrieval/embeddings/local-embedder.worker.js', import.meta.url).pathname,
    );
  });
});
