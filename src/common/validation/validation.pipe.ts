import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { AppError } from '#src/common/errors/app.error.js';

/** Field path → messages, e.g. `{ "temperature": ["temperature must not be greater than 2"] }`. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) {
      result[path] = Object.values(error.constraints);
    }
    Object.assign(result, flattenValidationErrors(error.children ?? [], path));
  }
  return result;
}

/**
 * The global pipe: unknown fields rejected, types coerced once, and every failure a 400 naming its fields.
 * A JSON body must be an object; arrays and scalars are refused before class-validator sees them.
 */
export class AppValidationPipe extends ValidationPipe {
  constructor() {
    super({
      transform: true,
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      stopAtFirstError: true,
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => {
        const details = flattenValidationErrors(errors);
        const [firstField, firstMessages] = Object.entries(details)[0] ?? [];
        const message = firstField ? (firstMessages?.[0] ?? `${firstField} is invalid`) : 'Invalid request';
        return AppError.invalid(message, details);
      },
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && metadata.metatype && this.toValidate(metadata)) {
      const body = value ?? {};
      if (typeof body !== 'object' || Array.isArray(body)) {
        throw AppError.invalid('The request body must be a JSON object');
      }
      assertStorable(body);
      return super.transform(body, metadata);
    }
    if (metadata.type === 'query' && metadata.metatype && this.toValidate(metadata)) {
      assertStorable(value);
    }
    return super.transform(value, metadata);
  }
}

/**
 * Keys that name Object.prototype members slip past class-validator's whitelist (class-transformer skips a key
 * the instance already inherits a method by, such as `valueOf` or `toString`), so they are refused here.
 */
const PROTOTYPE_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/**
 * Refuses, anywhere in the input, strings holding U+0000 (PostgreSQL text cannot store them) and keys that
 * would reach Object.prototype, naming each offending path in `details`.
 */
function assertStorable(input: unknown): void {
  const problems: Record<string, string[]> = {};
  const visit = (value: unknown, path: string): void => {
    if (typeof value === 'string') {
      if (value.includes('\u0000')) {
        problems[path || 'body'] = [`${path || 'body'} must not contain NUL characters`];
      }
    } else if (Array.isArray(value)) {
      value.forEach((item) => visit(item, path));
    } else if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) {
        const child = path ? `${path}.${key}` : key;
        if (PROTOTYPE_KEYS.has(key)) {
          problems[child] = [`property ${child} should not exist`];
        } else {
          visit((value as Record<string, unknown>)[key], child);
        }
      }
    }
  };
  visit(input, '');
  const first = Object.values(problems)[0];
  if (first) {
    throw AppError.invalid(first[0], problems);
  }
}
