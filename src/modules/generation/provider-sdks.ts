import { LazyLibrary } from '#src/common/lazy/lazy-library.js';

/** The model providers' SDKs, loaded by the first answer that calls one (the built-in model needs neither). */
export const openAiSdk = new LazyLibrary(() => import('openai'));
export const anthropicSdk = new LazyLibrary(() => import('@anthropic-ai/sdk'));
