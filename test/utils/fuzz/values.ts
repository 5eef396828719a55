import fc from 'fast-check';
import { anIdOf, idPrefixOf } from '#test/utils/fuzz/ids.js';
import type { ApiDocument, MaybeRef, Schema } from '#test/utils/fuzz/openapi.js';

/** What a schema cannot say, supplied by the suite: real ids, and values of fields with a meaning (an e-mail, a reachable URL). */
export interface ValueSources {
  document: ApiDocument;
  /** Ids of `prefix` a request may name: the real rows it should reach. */
  ids(prefix: string): readonly string[];
  /** A field's values by its name, where meaning matters more than shape; undefined leaves it to the schema. */
  hint(field: string, schema: Schema, location: ValueLocation): fc.Arbitrary<unknown> | undefined;
  /** Whole values of a schema whose parts depend on each other in ways it cannot say; undefined leaves it to the schema. */
  shapeHint?(schema: Schema): fc.Arbitrary<unknown> | undefined;
}

/** Where a value goes: URLs stay within what an HTTP server reads (Node refuses a request line past 16 KiB before the service sees it). */
export type ValueLocation = 'path' | 'query' | 'body';

/** Strings without a declared bound stay short: length is fuzzed where the schema gives one. */
const FREE_STRING_LENGTH = 40;
const FREE_ARRAY_LENGTH = 4;

const text = (minLength: number, maxLength: number): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength }), weight: 3 },
    { arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }), weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', minLength, maxLength }), weight: 1 },
  );

/**
 * Values a schema allows: its types, enums, formats, bounds and required properties, with the bounds
 * themselves (a string of exactly maxLength, a number at its maximum) among them.
 */
export function valueOf(sources: ValueSources, given: MaybeRef<Schema>, field = '', location: ValueLocation = 'body'): fc.Arbitrary<unknown> {
  const schema = sources.document.resolve(given);
  const hinted = (field ? sources.hint(field, schema, location) : undefined) ?? sources.shapeHint?.(schema);
  const value = hinted ?? shapeOf(sources, schema, location);
  return schema.nullable ? fc.option(value, { nil: null, freq: 6 }) : value;
}

function shapeOf(sources: ValueSources, schema: Schema, location: ValueLocation): fc.Arbitrary<unknown> {
  if (schema.enum) {
    return fc.constantFrom(...schema.enum.filter((value) => value !== null));
  }
  if (schema.oneOf ?? schema.anyOf) {
    return fc.oneof(...(schema.oneOf ?? schema.anyOf)!.map((part) => valueOf(sources, part, '', location)));
  }
  if (schema.allOf) {
    return valueOf(sources, schema.allOf[0], '', location);
  }
  switch (schema.type) {
    case 'string':
      return stringOf(sources, schema, location);
    case 'integer':
      return integerOf(schema);
    case 'number':
      return fc.oneof(integerOf(schema), doubleOf(schema));
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(valueOf(sources, schema.items, '', location), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? FREE_ARRAY_LENGTH, FREE_ARRAY_LENGTH)),
      });
    }
    case 'object':
      return objectOf(sources, schema);
    case undefined:
      return text(0, FREE_STRING_LENGTH);
    default:
      throw new Error(`No generator for schema type ${String((schema as Schema).type)}`);
  }
}

function stringOf(sources: ValueSources, schema: Schema, location: ValueLocation): fc.Arbitrary<string> {
  const prefix = idPrefixOf(schema.pattern);
  if (prefix) {
    return anIdOf(prefix, sources.ids(prefix));
  }
  if (schema.pattern) {
    return fc.stringMatching(new RegExp(schema.pattern));
  }
  switch (schema.format) {
    case 'date-time':
      return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2199-12-31T23:59:59Z'), noInvalidDate: true }).map((date) => date.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'uri':
      return fc.webUrl({ validSchemes: ['https'] });
    case undefined:
    default:
      break;
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, FREE_STRING_LENGTH);
  const short = text(minLength, Math.min(maxLength, Math.max(minLength, FREE_STRING_LENGTH)));
  if (schema.maxLength === undefined && location === 'body') {
    // No bound is a bound of the request size: one unbroken run of any length up to it is valid.
    return fc.oneof({ arbitrary: short, weight: 12 }, { arbitrary: fc.constantFrom(5_000, 100_000, 900_000).map((length) => 'r'.repeat(length)), weight: 1 });
  }
  if (maxLength <= FREE_STRING_LENGTH) {
    return short;
  }
  return fc.oneof(
    { arbitrary: short, weight: 8 },
    { arbitrary: fc.constant('x'.repeat(maxLength)), weight: 1 },
    { arbitrary: fc.constant('é'.repeat(maxLength)), weight: 1 },
  );
}

const integerOf = (schema: Schema): fc.Arbitrary<number> => {
  const min = schema.minimum === undefined ? undefined : Math.ceil(schema.minimum);
  const max = schema.maximum === undefined ? undefined : Math.floor(schema.maximum);
  const bounds = [min, max].filter((bound): bound is number => bound !== undefined);
  const anywhere = fc.integer({ min: min ?? -(2 ** 31), max: max ?? 2 ** 31 - 1 });
  return bounds.length === 0 ? anywhere : fc.oneof({ arbitrary: anywhere, weight: 4 }, { arbitrary: fc.constantFrom(...bounds), weight: 1 });
};

const doubleOf = (schema: Schema): fc.Arbitrary<number> =>
  fc
    .double({ min: schema.minimum ?? -1e12, max: schema.maximum ?? 1e12, noNaN: true, noDefaultInfinity: true })
    .map((value) => (Object.is(value, -0) ? 0 : value));

function objectOf(sources: ValueSources, schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0) {
    return schema.additionalProperties ? fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }) : fc.constant({});
  }
  const model = Object.fromEntries(properties.map(([name, property]) => [name, valueOf(sources, property, name)]));
  return fc.record(model, { requiredKeys: schema.required ?? [] });
}
