import type { ApiDocument, MaybeRef, Schema } from '#test/utils/fuzz/openapi.js';

export interface ValidationOptions {
  /**
   * Responses: a property a schema does not declare is a finding (the document is the whole contract of
   * an answer), and so is a `writeOnly` one (a secret echoed back).
   */
  response?: boolean;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Checks a value against an OpenAPI 3.0 schema and answers each mismatch as `path: problem` (none when it
 * conforms). The keywords are those the service's document uses: type, nullable, enum, format (date,
 * date-time), pattern, lengths, bounds, items, properties, required, additionalProperties, allOf, oneOf,
 * anyOf and writeOnly.
 */
export function validateAgainst(document: ApiDocument, schema: MaybeRef<Schema>, value: unknown, options: ValidationOptions = {}): string[] {
  const problems: string[] = [];
  check(document, document.resolve(schema), value, '$', options, problems);
  return problems;
}

function check(document: ApiDocument, given: Schema, value: unknown, at: string, options: ValidationOptions, problems: string[]): void {
  const fail = (problem: string): void => void problems.push(`${at}: ${problem}`);
  const schema = flattened(document, given);
  if (value === null) {
    if (!schema.nullable && !isUntyped(schema)) {
      fail('is null, and the schema is not nullable');
    }
    return;
  }
  if (schema.oneOf) {
    const matching = schema.oneOf.filter((part) => validateAgainst(document, part, value, options).length === 0).length;
    if (matching !== 1) {
      fail(`matches ${matching} of the oneOf schemas, not exactly one`);
    }
  }
  if (schema.anyOf && !schema.anyOf.some((part) => validateAgainst(document, part, value, options).length === 0)) {
    fail('matches none of the anyOf schemas');
  }
  if (schema.enum && !schema.enum.some((allowed) => allowed === value)) {
    fail(`${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  switch (schema.type) {
    case undefined:
      return;
    case 'string':
      return typeof value === 'string' ? checkString(schema, value, fail) : fail(`is ${kindOf(value)}, not a string`);
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        return fail(`is ${kindOf(value)}, not a number`);
      }
      return checkNumber(schema, value, fail);
    case 'boolean':
      return typeof value === 'boolean' ? undefined : fail(`is ${kindOf(value)}, not a boolean`);
    case 'array':
      if (!Array.isArray(value)) {
        return fail(`is ${kindOf(value)}, not an array`);
      }
      if (schema.minItems !== undefined && value.length < schema.minItems) {
        fail(`has ${value.length} items, fewer than ${schema.minItems}`);
      }
      if (schema.maxItems !== undefined && value.length > schema.maxItems) {
        fail(`has ${value.length} items, more than ${schema.maxItems}`);
      }
      value.forEach((item, index) => check(document, document.resolve(schema.items), item, `${at}[${index}]`, options, problems));
      return;
    case 'object':
      return typeof value === 'object' && !Array.isArray(value)
        ? checkObject(document, schema, value as Record<string, unknown>, at, options, problems)
        : fail(`is ${kindOf(value)}, not an object`);
    default:
      return fail(`has the unknown schema type ${String((schema as Schema).type)}`);
  }
}

function checkString(schema: Schema, value: string, fail: (problem: string) => void): void {
  if (schema.minLength !== undefined && [...value].length < schema.minLength) {
    fail(`is shorter than ${schema.minLength}`);
  }
  if (schema.maxLength !== undefined && [...value].length > schema.maxLength) {
    fail(`is longer than ${schema.maxLength}`);
  }
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) {
    fail(`${JSON.stringify(value.slice(0, 80))} does not match ${schema.pattern}`);
  }
  if (schema.format === 'date-time' && !(ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)))) {
    fail(`${JSON.stringify(value.slice(0, 80))} is not an ISO 8601 date-time`);
  }
  if (schema.format === 'date' && !(ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)))) {
    fail(`${JSON.stringify(value.slice(0, 80))} is not a YYYY-MM-DD date`);
  }
}

function checkNumber(schema: Schema, value: number, fail: (problem: string) => void): void {
  if (schema.type === 'integer' && !Number.isInteger(value)) {
    fail(`${value} is not an integer`);
  }
  if (schema.minimum !== undefined && (schema.exclusiveMinimum ? value <= schema.minimum : value < schema.minimum)) {
    fail(`${value} is below the minimum ${schema.minimum}`);
  }
  if (schema.maximum !== undefined && (schema.exclusiveMaximum ? value >= schema.maximum : value > schema.maximum)) {
    fail(`${value} is above the maximum ${schema.maximum}`);
  }
}

function checkObject(document: ApiDocument, schema: Schema, value: Record<string, unknown>, at: string, options: ValidationOptions, problems: string[]): void {
  const properties = schema.properties ?? {};
  for (const name of schema.required ?? []) {
    if (!(name in value)) {
      problems.push(`${at}: lacks the required property ${name}`);
    }
  }
  for (const [name, child] of Object.entries(value)) {
    const declared = properties[name];
    if (declared) {
      const resolved = document.resolve(declared);
      if (options.response && resolved.writeOnly) {
        problems.push(`${at}.${name}: is write-only, and must not be answered`);
      }
      check(document, resolved, child, `${at}.${name}`, options, problems);
    } else if (typeof schema.additionalProperties === 'object') {
      check(document, document.resolve(schema.additionalProperties), child, `${at}.${name}`, options, problems);
    } else if (schema.additionalProperties === false || (options.response && schema.additionalProperties === undefined && hasShape(schema))) {
      problems.push(`${at}: has the undocumented property ${name}`);
    }
  }
}

/**
 * allOf merged into one schema (the document uses it to describe or make nullable a referenced object):
 * the parts' properties and requirements together, the outer schema's nullability and type first.
 */
function flattened(document: ApiDocument, schema: Schema): Schema {
  if (!schema.allOf) {
    return schema;
  }
  const { allOf, ...outer } = schema;
  return allOf
    .map((part) => flattened(document, document.resolve(part)))
    .reduce<Schema>(
      (merged, part) => ({
        ...part,
        ...merged,
        properties: { ...part.properties, ...merged.properties },
        required: [...(part.required ?? []), ...(merged.required ?? [])],
      }),
      outer,
    );
}

/** An object schema that lists its properties (a free-form `{type: object}` does not). */
const hasShape = (schema: Schema): boolean => schema.properties !== undefined;

const isUntyped = (schema: Schema): boolean => schema.type === undefined && !schema.allOf && !schema.oneOf && !schema.anyOf;

function kindOf(value: unknown): string {
  if (Array.isArray(value)) {
    return 'an array';
  }
  return value === null ? 'null' : `a ${typeof value}`;
}
