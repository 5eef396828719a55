import { ValidationPipe, type ArgumentMetadata, type ValidationError } from '@nestjs/common';
import { AppError } from '#src/common/errors/app.error.js';

/**
 * Which failed rule names a field's problem best: a field that is missing, of the wrong type or of the
 * wrong format fails its length and range rules too, and "must be shorter than 200 characters" would mislead.
 */
const RULES_FIRST = [
  'whitelistValidation',
  'isDefined',
  'isNotEmpty',
  // Before isString: a list's `each` rules also fail for a value that is no list at all.
  'isArray',
  'isString',
  'isInt',
  'isNumber',
  'isBoolean',
  'isObject',
  'nestedValidation',
  'isEnum',
  'isIn',
  'isEmail',
  'isUrl',
];

function mostTelling(constraints: Record<string, string>): string {
  const rank = (rule: string): number => (RULES_FIRST.includes(rule) ? RULES_FIRST.indexOf(rule) : RULES_FIRST.length);
  const [rule] = Object.keys(constraints).sort((a, b) => rank(a) - rank(b));
  return constraints[rule];
}

/** Field path → messages, e.g. `{ "temperature": ["temperature must not be greater than 2"] }`. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints && Object.keys(error.constraints).length > 0) {
      result[path] = [mostTelling(error.constraints)];
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
        throw AppError.invalid('The request body must be a JSON object', { body: ['must be a JSON object'] });
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
  // A Map: assigning problems['__proto__'] on an object literal would set its prototype, not a field.
  const problems = new Map<string, string[]>();
  const visit = (value: unknown, path: string): void => {
    if (typeof value === 'string') {
      if (value.includes('\u0000')) {
        problems.set(path || 'body', [`${path || 'body'} must not contain NUL characters`]);
      }
    } else if (Array.isArray(value)) {
      value.forEach((item) => visit(item, path));
    } else if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) {
        const child = path ? `${path}.${key}` : key;
        if (PROTOTYPE_KEYS.has(key)) {
          problems.set(child, [`property ${child} should not exist`]);
        } else {
          visit((value as Record<string, unknown>)[key], child);
        }
      }
    }
  };
  visit(input, '');
  const [first] = problems.values();
  if (first) {
    throw AppError.invalid(first[0], Object.fromEntries(problems));
  }
}
