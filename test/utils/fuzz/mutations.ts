import fc from 'fast-check';
import { isJson } from '#src/modules/ingestion/parsers/file-format.js';
import { idPrefixOf, malformedIdOf } from '#test/utils/fuzz/ids.js';
import type { ApiDocument, Schema } from '#test/utils/fuzz/openapi.js';

/** A place in a JSON body the schema describes: the property path to it, and its schema. */
interface Site {
  path: Array<string | number>;
  schema: Schema;
}

/** A body value made invalid in one named way. */
export interface BodyMutation {
  kind: string;
  /** False where the contract also allows ignoring it (a JSON `__proto__` key is dropped or refused). */
  mustRefuse?: boolean;
  apply(body: Record<string, unknown>): unknown;
}

const MAX_SITE_DEPTH = 4;
const OVER_BODY_LIMIT = 1024 * 1024 + 64;

/** Every property the schema declares, nested objects and array items included (items at index 0). */
function sitesOf(document: ApiDocument, schema: Schema, path: Site['path'] = []): Site[] {
  if (path.length > MAX_SITE_DEPTH) {
    return [];
  }
  const here = path.length === 0 ? [] : [{ path, schema }];
  if (schema.type === 'array' && schema.items) {
    return [...here, ...sitesOf(document, document.resolve(schema.items), [...path, 0])];
  }
  const parts = [schema, ...(schema.oneOf ?? schema.allOf ?? []).map((part) => document.resolve(part))];
  const nested = parts.flatMap((part) =>
    Object.entries(part.properties ?? {}).flatMap(([name, property]) => sitesOf(document, document.resolve(property), [...path, name])),
  );
  return [...here, ...nested];
}

/** The objects of the body (the body itself first) with declared properties: where fields go missing or appear. */
function objectSitesOf(document: ApiDocument, schema: Schema): Site[] {
  const withProperties = (site: Site): boolean =>
    [site.schema, ...(site.schema.oneOf ?? site.schema.allOf ?? []).map((part) => document.resolve(part))].some((part) => part.properties !== undefined);
  return [{ path: [], schema }, ...sitesOf(document, schema)].filter(withProperties);
}

/** The body with `value` at `path`, building the objects and arrays on the way that the valid body left out. */
function setAt(body: Record<string, unknown>, path: Site['path'], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let node: Record<string | number, unknown> = copy;
  path.forEach((segment, index) => {
    if (index === path.length - 1) {
      node[segment] = value;
      return;
    }
    const next = path[index + 1];
    const existing = node[segment];
    if (typeof existing !== 'object' || existing === null) {
      node[segment] = typeof next === 'number' ? [] : {};
    }
    node = node[segment] as Record<string | number, unknown>;
  });
  return copy;
}

function getAt(body: unknown, path: Site['path']): unknown {
  return path.reduce<unknown>(
    (node, segment) => (typeof node === 'object' && node !== null ? (node as Record<string | number, unknown>)[segment] : undefined),
    body,
  );
}

/** JSON values of any type but `schema`'s: numbers as strings ("5"), booleans as words, objects as arrays. */
function otherTypeThan(schema: Schema): fc.Arbitrary<unknown> | undefined {
  const nullUnlessNullable = schema.nullable ? [] : [fc.constant(null)];
  switch (schema.type) {
    case 'string':
      return fc.oneof(
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant({}),
        fc.array(fc.string(), { maxLength: 2 }),
        ...nullUnlessNullable,
      );
    case 'number':
    case 'integer':
      return fc.oneof(
        fc.integer().map(String),
        fc.constantFrom('', 'NaN', 'Infinity', '1e400', '0x10', ' 1'),
        fc.boolean(),
        fc.constant({}),
        fc.constant([1]),
        ...nullUnlessNullable,
      );
    case 'boolean':
      return fc.oneof(
        fc.constantFrom('true', 'false', 'yes', '1', '0', ''),
        fc.constantFrom(0, 1),
        fc.constant({}),
        fc.constant([true]),
        ...nullUnlessNullable,
      );
    case 'array':
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean(), fc.constant({ 0: 'a' }), ...nullUnlessNullable);
    case 'object':
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean(), fc.constant([]), ...nullUnlessNullable);
    case undefined:
      return undefined;
  }
}

/** Values just past each bound the schema states: numbers beyond min and max, strings and arrays beyond their lengths, words outside an enum, strings off the pattern. */
function outOfBounds(schema: Schema): fc.Arbitrary<unknown> | undefined {
  const candidates: Array<fc.Arbitrary<unknown>> = [];
  if (schema.type === 'number' || schema.type === 'integer') {
    if (schema.minimum !== undefined) {
      candidates.push(
        fc.oneof(
          fc.constant(schema.minimum - 1),
          fc.constant(schema.minimum - 1e-9),
          fc.double({ max: schema.minimum - 1e-6, noNaN: true, noDefaultInfinity: true }),
        ),
      );
    }
    if (schema.maximum !== undefined) {
      candidates.push(
        fc.oneof(fc.constant(schema.maximum + 1), fc.constant(1e308), fc.double({ min: schema.maximum + 1e-6, noNaN: true, noDefaultInfinity: true })),
      );
    }
  }
  if (schema.type === 'string') {
    if (schema.maxLength !== undefined) {
      const maxLength = schema.maxLength;
      candidates.push(fc.integer({ min: 1, max: 50 }).map((extra) => 'y'.repeat(maxLength + extra)));
    }
    if (schema.minLength) {
      candidates.push(fc.string({ maxLength: schema.minLength - 1 }));
    }
    if (schema.enum) {
      const allowed = new Set(schema.enum);
      candidates.push(
        fc
          .oneof(
            fc.string({ maxLength: 20 }),
            fc.constantFrom(...schema.enum.map((value) => String(value).toUpperCase()), ...schema.enum.map((value) => ` ${String(value)}`)),
          )
          .filter((value) => !allowed.has(value)),
      );
    }
    const prefix = idPrefixOf(schema.pattern);
    if (prefix) {
      candidates.push(malformedIdOf(prefix).map(decodeOrKeep));
    } else if (schema.pattern) {
      const pattern = new RegExp(schema.pattern);
      candidates.push(fc.string({ maxLength: 20 }).filter((value) => !pattern.test(value)));
    }
  }
  if (schema.type === 'array' && schema.maxItems !== undefined) {
    const count = schema.maxItems + 1;
    candidates.push(fc.constant(Array.from({ length: count }, () => null)));
  }
  return candidates.length === 0 ? undefined : fc.oneof(...candidates);
}

/** A malformed id as a body value: the characters themselves, not their URL encoding. */
function decodeOrKeep(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const nested = (depth: number, kind: 'array' | 'object'): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) {
    value = kind === 'array' ? [value] : { a: value };
  }
  return value;
};

/** Keys no schema declares: made up, ones a client might hope to set, and the names of Object.prototype's members. */
const unknownKeys = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom('id', 'org_id', 'organization_id', 'created_at', 'is_admin', 'role', 'owner', 'secret', 'key_hash', 'extra', ''),
  fc.constantFrom(...Object.getOwnPropertyNames(Object.prototype), 'prototype'),
);

/**
 * Ways to make a valid body of `schema` invalid, each a change of one field or of the whole body: a required
 * property removed, a property of another type, a value past a bound, an unknown property (including
 * prototype keys), a string holding NUL, a value nested thousands of levels deep.
 */
export function bodyMutationsOf(document: ApiDocument, schema: Schema): fc.Arbitrary<BodyMutation> {
  const sites = sitesOf(document, schema);
  const objects = objectSitesOf(document, schema);
  const declared = (site: Site): Set<string> =>
    new Set(
      [site.schema, ...(site.schema.oneOf ?? site.schema.allOf ?? []).map((part) => document.resolve(part))].flatMap((part) =>
        Object.keys(part.properties ?? {}),
      ),
    );
  const mutations: Array<fc.Arbitrary<BodyMutation>> = [];

  const required = objects.flatMap((site) => (site.schema.required ?? []).map((name) => ({ path: site.path, name })));
  if (required.length > 0) {
    mutations.push(
      fc.constantFrom(...required).map(({ path, name }) => ({
        kind: `missing required ${[...path, name].join('.')}`,
        apply: (body: Record<string, unknown>) => {
          const copy = path.length === 0 ? structuredClone(body) : setAt(body, path, structuredClone(getAt(body, path) ?? {}));
          const parent = (path.length === 0 ? copy : getAt(copy, path)) as Record<string, unknown>;
          delete parent[name];
          return copy;
        },
      })),
    );
  }
  for (const site of sites) {
    const where = site.path.join('.');
    const wrongType = otherTypeThan(site.schema);
    if (wrongType) {
      mutations.push(
        wrongType.map((value) => ({ kind: `${where} of the wrong type`, apply: (body: Record<string, unknown>) => setAt(body, site.path, value) })),
      );
    }
    const beyond = outOfBounds(site.schema);
    if (beyond) {
      mutations.push(beyond.map((value) => ({ kind: `${where} out of bounds`, apply: (body: Record<string, unknown>) => setAt(body, site.path, value) })));
    }
    if (site.schema.type === 'string') {
      mutations.push(
        fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([before, after]) => ({
          kind: `${where} holding NUL`,
          apply: (body: Record<string, unknown>) => setAt(body, site.path, `${before}\u0000${after}`),
        })),
        fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\udc00\ud800')).map(([before, lone]) => ({
          kind: `${where} holding an unpaired surrogate`,
          apply: (body: Record<string, unknown>) => setAt(body, site.path, `${before}${lone}`),
        })),
      );
    }
  }
  if (sites.length > 0) {
    mutations.push(
      fc
        .tuple(fc.constantFrom(...sites), fc.integer({ min: 33, max: 4_000 }), fc.constantFrom('array' as const, 'object' as const))
        .map(([site, depth, kind]) => ({
          kind: `${site.path.join('.')} nested ${depth} deep`,
          apply: (body: Record<string, unknown>) => setAt(body, site.path, nested(depth, kind)),
        })),
    );
  }
  mutations.push(
    fc
      .tuple(fc.constantFrom(...objects), unknownKeys, fc.jsonValue({ maxDepth: 2 }))
      .filter(([site, key]) => !declared(site).has(key))
      .map(([site, key, value]) => ({
        kind: `unknown property ${[...site.path, key].join('.')}`,
        mustRefuse: key !== '__proto__',
        apply: (body: Record<string, unknown>) => {
          const copy = site.path.length === 0 ? structuredClone(body) : setAt(body, site.path, structuredClone(getAt(body, site.path) ?? {}));
          const parent = (site.path.length === 0 ? copy : getAt(copy, site.path)) as Record<string, unknown>;
          Object.defineProperty(parent, key, { value, enumerable: true, configurable: true, writable: true });
          return copy;
        },
      })),
  );
  return fc.oneof(...mutations);
}

/** A whole body that is no JSON object: an array, a scalar, null. */
export const notAnObject: fc.Arbitrary<unknown> = fc.oneof(
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.string({ maxLength: 10 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);

/** JSON text a parser must refuse, from a valid body's text. */
export const malformedJson = (valid: string): fc.Arbitrary<string> =>
  fc
    .oneof(
      fc.integer({ min: 1, max: Math.max(1, valid.length - 1) }).map((cut) => valid.slice(0, cut)),
      fc.constantFrom(
        `${valid} trailing`,
        `${valid}}`,
        valid.replace(/"/g, "'"),
        `{${valid}`,
        valid.replace(/:/, ''),
        `\u0000${valid}`,
        `[${valid}`,
        'NaN',
        'undefined',
        '{"a":1,}',
        '{a:1}',
        '"unterminated',
        '{"a":"\\x41"}',
        '{"a":"\\u12"}',
      ),
    )
    // Some mutations of a body without quotes or colons (`{}`) leave it valid: those are not malformed.
    .filter((text) => !isJson(text));

/** Byte sequences no UTF-8 text holds: Latin-1, a cut sequence, an encoded surrogate, an overlong form, a code point past U+10FFFF. */
const NOT_UTF8 = [[0xe9], [0xff, 0xfe], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xf4, 0x90, 0x80, 0x80]].map((bytes) => Buffer.from(bytes));

/**
 * A valid body's JSON text with bytes that are not UTF-8 at the start of its first string value (else of its
 * first key): still JSON in shape, but no text a client meant.
 */
export const notUtf8 = (valid: string): fc.Arbitrary<Buffer> =>
  fc.constantFrom(...NOT_UTF8).map((bytes) => {
    const value = valid.indexOf('":"');
    const at = value >= 0 ? value + 3 : valid.indexOf('"') + 1;
    return at > 0
      ? Buffer.concat([Buffer.from(valid.slice(0, at)), bytes, Buffer.from(valid.slice(at))])
      : Buffer.concat([Buffer.from('{"'), bytes, Buffer.from('":1}')]);
  });

/** A JSON body padded past the 1 MiB limit. */
export const oversized = (valid: Record<string, unknown>): string => JSON.stringify({ ...valid, padding: 'z'.repeat(OVER_BODY_LIMIT) });

/** Media types no JSON route takes (application/*+json would be JSON). */
export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/octet-stream',
  'application/jsonx',
  'json',
  'application/json; charset=utf-16',
  'application/json; charset=latin-9000',
  '*/*',
  '',
];
