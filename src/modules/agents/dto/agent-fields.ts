import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsNumber,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  Validate,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { idPattern } from '#src/common/ids/ids.js';
import { Optional, Trimmed, NoRepeats } from '#src/common/validation/validators.js';
import { AGENT_STATUSES } from '#src/modules/agents/agent.entity.js';
import { DEFAULT_MODEL, isKnownModel, KNOWN_MODELS } from '#src/modules/generation/model-catalog.js';
import { DEFAULT_RAG_STRATEGY, RAG_STRATEGIES } from '#src/modules/retrieval/rag-strategy.js';

export const AGENT_DEFAULTS = { temperature: 0.2, maxTokens: 1024 } as const;

/** Which models a temperature reaches: said wherever one is set. */
export const TEMPERATURE_REACH =
  'Sent to OpenAI chat models and custom: endpoints; Anthropic models and OpenAI reasoning models (gpt-5, o-series) take none and answer at their own setting.';
/** What a max_tokens above a model's own limit becomes: said wherever one is set. */
export const MAX_TOKENS_REACH =
  'A provider model is asked for at most the output tokens it can write in one answer (gpt-4o and gpt-4o-mini 16,384, claude-opus-4-1 32,000, claude-3-5-haiku-latest 8,192), as its provider refuses more.';
export const MAX_DATA_SOURCES_PER_AGENT = 100;

@ValidatorConstraint({ name: 'isKnownModel' })
class KnownModelConstraint implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && isKnownModel(value);
  }

  defaultMessage(): string {
    return `model must be one of ${KNOWN_MODELS.join(', ')}, or custom:<name> for an OpenAI-compatible endpoint`;
  }
}

function presence(required: boolean, doc: ApiPropertyOptions, nullable = false): PropertyDecorator[] {
  return required ? [ApiProperty(doc)] : [ApiPropertyOptional({ ...doc, nullable }), Optional({ nullable })];
}

/** Field decorators shared by the create (some required) and update (all optional) bodies. */
export const AgentField = {
  name: (required: boolean) =>
    applyDecorators(
      ...presence(required, { example: 'Support assistant', maxLength: 200 }),
      Trimmed(),
      IsString(),
      MinLength(1, { message: 'name must not be empty' }),
      MaxLength(200),
    ),
  dataSourceIds: (required: boolean) =>
    applyDecorators(
      ...presence(required, {
        type: [String],
        example: [],
        description: `Data sources the agent retrieves from (at most ${MAX_DATA_SOURCES_PER_AGENT}).`,
        pattern: idPattern('dataSource').source,
      }),
      IsArray(),
      ArrayMaxSize(MAX_DATA_SOURCES_PER_AGENT),
      NoRepeats(),
      Matches(idPattern('dataSource'), { each: true, message: 'each value in data_source_ids must be a valid ds_ id' }),
    ),
  systemPrompt: () =>
    applyDecorators(
      ...presence(
        false,
        {
          type: String,
          example: 'Answer from the documentation only. Cite your sources.',
          maxLength: 20_000,
          description:
            'Opens the instructions of a provider model (OpenAI, Anthropic, custom:); the built-in extractive model quotes its sources and takes none.',
        },
        true,
      ),
      IsString(),
      MaxLength(20_000),
    ),
  ragStrategy: () => applyDecorators(...presence(false, { enum: RAG_STRATEGIES, default: DEFAULT_RAG_STRATEGY }), IsIn(RAG_STRATEGIES)),
  model: () =>
    applyDecorators(
      ...presence(false, { example: DEFAULT_MODEL, default: DEFAULT_MODEL, description: `One of ${KNOWN_MODELS.join(', ')}, or custom:<name>.` }),
      IsString(),
      Validate(KnownModelConstraint),
    ),
  temperature: () =>
    applyDecorators(
      ...presence(false, { minimum: 0, maximum: 2, default: AGENT_DEFAULTS.temperature, description: TEMPERATURE_REACH }),
      IsNumber({ allowNaN: false, allowInfinity: false }),
      Min(0),
      Max(2),
    ),
  maxTokens: () =>
    applyDecorators(
      ...presence(false, { type: 'integer', minimum: 1, maximum: 32_768, default: AGENT_DEFAULTS.maxTokens, description: MAX_TOKENS_REACH }),
      IsInt(),
      Min(1),
      Max(32_768),
    ),
  providerKeyId: () =>
    applyDecorators(
      ...presence(
        false,
        {
          type: String,
          example: null,
          pattern: idPattern('providerKey').source,
          description: 'A stored provider key whose account the agent\u2019s model is billed to; null detaches it.',
        },
        true,
      ),
      Matches(idPattern('providerKey'), { message: 'provider_key_id must be a valid pk_ id' }),
    ),
  status: () =>
    applyDecorators(
      ...presence(false, { enum: AGENT_STATUSES, default: 'active', description: 'A disabled agent answers queries with 409.' }),
      IsIn(AGENT_STATUSES),
    ),
};
