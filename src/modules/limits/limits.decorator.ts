import { SetMetadata } from '@nestjs/common';

export const SPENDS_MODEL_TOKENS = 'limits:spends-model-tokens';

/** The route generates answers: before it runs, the organization's model tokens for the UTC day are checked. */
export function SpendsModelTokens(): MethodDecorator & ClassDecorator {
  return SetMetadata(SPENDS_MODEL_TOKENS, true);
}
