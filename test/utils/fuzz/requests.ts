import fc from 'fast-check';
import { idPrefixOf, malformedIdOf } from '#test/utils/fuzz/ids.js';
import { bodyMutationsOf, malformedJson, notAnObject, notUtf8, oversized, WRONG_CONTENT_TYPES } from '#test/utils/fuzz/mutations.js';
import type { ApiOperation, Schema } from '#test/utils/fuzz/openapi.js';
import { valueOf, type ValueSources } from '#test/utils/fuzz/values.js';

/**
 * Who a request claims to be. `owner` is the operation's own credential (the organization's admin key, or
 * the admin's web session on routes only a session may call, or nothing on public routes); the others
 * are the admin's session on any route, or credentials that must not get through.
 */
export type Credential = 'owner' | 'session' | 'session-without-csrf' | 'none' | 'malformed' | 'unknown-key' | 'narrow-key';

/** One generated request, symbolic only in its credential (the suite knows the keys and sessions). */
export interface FuzzRequest {
  /** `valid`, or what makes it invalid. */
  intent: string;
  /** The contract says no: any answer but a 4xx is a defect. */
  mustRefuse: boolean;
  credential: Credential;
  method: string;
  /** The path with its parameters, percent-encoded. */
  path: string;
  /** `?…` or empty, percent-encoded. */
  query: string;
  contentType?: string;
  contentEncoding?: string;
  /** Headers beyond the credential, content type and encoding (a Host, an Accept). */
  headers?: Record<string, string>;
  body?: Buffer;
}

export interface OperationSources extends ValueSources {
  operation: ApiOperation;
  /** Ids of `prefix` that exist in another organization: they must answer as absent. */
  foreignIds(prefix: string): readonly string[];
  /** The permission the narrow key holds (`agents:read`); operations needing another refuse it. */
  narrowPermission: string;
}

type Part = Omit<FuzzRequest, 'credential' | 'method'>;
type Unsent = Omit<FuzzRequest, 'method'>;

const TEMPLATE_PARAMETER = /\{([^}]+)\}/g;

/** Requests for one operation: valid ones (from its schemas) and invalid ones of every kind the suite knows. */
export function requestsOf(sources: OperationSources): fc.Arbitrary<FuzzRequest> {
  const { operation } = sources;
  const valid = validPartsOf(sources);
  const choices: Array<fc.WeightedArbitrary<Unsent>> = [
    { weight: 10, arbitrary: valid.map((part) => ({ ...withoutParts(part), credential: 'owner' as const })) },
    ...credentialMutations(sources, valid),
  ];
  const add = (weight: number, parts: fc.Arbitrary<Part> | undefined): void => {
    if (parts) {
      choices.push({ weight, arbitrary: parts.map((part) => ({ ...part, credential: 'owner' as const })) });
    }
  };
  add(3, pathMutations(sources, valid));
  add(1, foreignIdMutations(sources, valid));
  add(4, queryMutations(sources, valid));
  add(2, headerMutations(valid));
  if (operation.body?.mediaType === 'application/json') {
    add(8, jsonBodyMutations(sources, valid));
  } else if (operation.body?.mediaType === 'multipart/form-data') {
    add(6, multipartMutations(valid));
  }
  return fc.oneof(...choices).map((request) => describable({ ...request, method: operation.method.toUpperCase() }));
}

function parameterSchema(operation: ApiOperation, where: 'path' | 'query', name: string): Schema {
  return (operation.parameters.find((parameter) => parameter.in === where && parameter.name === name)?.schema as Schema | undefined) ?? {};
}

const templateNames = (path: string): string[] => [...path.matchAll(TEMPLATE_PARAMETER)].map((match) => match[1]);

const fill = (template: string, values: Record<string, string>): string => template.replace(TEMPLATE_PARAMETER, (_all, name: string) => values[name]);

const queryString = (pairs: Array<[string, string]>): string => (pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`);

interface ValidParts {
  pathValues: Record<string, string>;
  queryPairs: Array<[string, string]>;
  body?: { json?: Record<string, unknown>; multipart?: MultipartFile[] };
}

/** A request the schemas allow, kept as parts so the mutations can change one of them. */
function validPartsOf(sources: OperationSources): fc.Arbitrary<Part & { parts: ValidParts }> {
  const { operation } = sources;
  const pathValues = fc.record(
    Object.fromEntries(
      templateNames(operation.path).map((name) => [
        name,
        valueOf(sources, parameterSchema(operation, 'path', name), name, 'path').map((value) => encodeURIComponent(String(value))),
      ]),
    ),
  );
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const queryPairs = fc
    .tuple(
      ...queryParameters.map((parameter) => {
        const value = valueOf(sources, (parameter.schema as Schema | undefined) ?? {}, parameter.name, 'query').map(
          (raw) => [parameter.name, encodeURIComponent(String(raw))] as [string, string],
        );
        return parameter.required ? value : fc.option(value, { nil: undefined });
      }),
    )
    .map((pairs) => pairs.filter((pair): pair is [string, string] => pair !== undefined));
  const body = bodyOf(sources);
  return fc.record({ pathValues, queryPairs, body }).map((parts) => ({
    intent: 'valid',
    mustRefuse: false,
    path: fill(operation.path, parts.pathValues),
    query: queryString(parts.queryPairs),
    ...encodeBody(parts.body),
    parts,
  }));
}

function bodyOf(sources: OperationSources): fc.Arbitrary<ValidParts['body']> {
  const body = sources.operation.body;
  if (body?.mediaType === 'application/json') {
    return valueOf(sources, body.schema).map((json) => ({ json: json as Record<string, unknown> }));
  }
  if (body?.mediaType === 'multipart/form-data') {
    return fc.array(multipartFile, { minLength: 1, maxLength: 3 }).map((files) => ({ multipart: files }));
  }
  return fc.constant(undefined);
}

function encodeBody(body: ValidParts['body']): Pick<FuzzRequest, 'body' | 'contentType'> {
  if (body?.json !== undefined) {
    return { body: Buffer.from(JSON.stringify(body.json)), contentType: 'application/json' };
  }
  if (body?.multipart) {
    return multipartBody(body.multipart);
  }
  return {};
}

const withoutParts = ({ parts: _parts, ...request }: Part & { parts: ValidParts }): Part => request;

function credentialMutations(sources: OperationSources, valid: fc.Arbitrary<Part & { parts: ValidParts }>): Array<fc.WeightedArbitrary<Unsent>> {
  const { operation } = sources;
  if (operation.access === 'public') {
    return [];
  }
  const changes = operation.method !== 'get';
  const refusedBy = (credential: Credential): boolean => {
    switch (credential) {
      case 'none':
      case 'malformed':
      case 'unknown-key':
      case 'session-without-csrf':
        return true;
      case 'narrow-key':
        return !(operation.responses['403']?.description ?? '').includes(`\`${sources.narrowPermission}\``);
      case 'owner':
      case 'session':
        return false;
    }
  };
  const credentials: Credential[] =
    operation.access === 'session'
      ? ['none', 'malformed', 'unknown-key', ...(changes ? (['session-without-csrf'] as const) : [])]
      : ['none', 'malformed', 'unknown-key', 'narrow-key', ...(changes ? (['session-without-csrf'] as const) : [])];
  const mutated = fc.tuple(valid.map(withoutParts), fc.constantFrom(...credentials)).map(([part, credential]) => ({
    ...part,
    credential,
    intent: `credential ${credential}`,
    mustRefuse: refusedBy(credential),
  }));
  const arbitraries: Array<fc.WeightedArbitrary<Unsent>> = [{ weight: 2, arbitrary: mutated }];
  if (operation.access === 'credential') {
    arbitraries.push({
      weight: 1,
      arbitrary: valid.map((part) => ({ ...withoutParts(part), credential: 'session' as const, intent: 'valid, by the web session' })),
    });
  }
  return arbitraries;
}

function pathMutations(sources: OperationSources, valid: fc.Arbitrary<Part & { parts: ValidParts }>): fc.Arbitrary<Part> | undefined {
  const names = templateNames(sources.operation.path);
  if (names.length === 0) {
    return undefined;
  }
  return fc.tuple(valid, fc.constantFrom(...names)).chain(([part, name]) => {
    const { pattern } = parameterSchema(sources.operation, 'path', name);
    const bad = pattern
      ? malformedIdOf(/^\^([a-z]+)_/.exec(pattern)?.[1] ?? 'x').filter((value) => !new RegExp(pattern).test(decodedOrRaw(value)))
      : fc.constantFrom('%00', '%E0%A4%A', '%ZZ', '%2F', '..', 'A'.repeat(5_000), '%F0%9F%92%A9');
    return bad.map((value) => ({
      ...withoutParts(part),
      intent: `path ${name} ${JSON.stringify(value.slice(0, 60))}`,
      // A parameter without a pattern may take anything: only a pattern is the contract's.
      mustRefuse: pattern !== undefined,
      path: fill(sources.operation.path, { ...part.parts.pathValues, [name]: value }),
    }));
  });
}

function decodedOrRaw(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function foreignIdMutations(sources: OperationSources, valid: fc.Arbitrary<Part & { parts: ValidParts }>): fc.Arbitrary<Part> | undefined {
  const candidates = templateNames(sources.operation.path).flatMap((name) =>
    sources.foreignIds(idPrefixOf(parameterSchema(sources.operation, 'path', name).pattern) ?? '').map((id) => ({ name, id })),
  );
  if (candidates.length === 0) {
    return undefined;
  }
  return fc.tuple(valid, fc.constantFrom(...candidates)).map(([part, { name, id }]) => ({
    ...withoutParts(part),
    intent: `path ${name} of another organization`,
    mustRefuse: true,
    path: fill(sources.operation.path, { ...part.parts.pathValues, [name]: id }),
  }));
}

/** Values of a query parameter its schema refuses, already percent-encoded; undefined when it takes any string. */
function badQueryValueOf(schema: Schema, name: string): fc.Arbitrary<string> | undefined {
  const prefix = idPrefixOf(schema.pattern);
  if (prefix) {
    return malformedIdOf(prefix);
  }
  if (schema.enum) {
    const allowed = new Set(schema.enum.map(String));
    return fc
      .oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...[...allowed].map((value) => value.toUpperCase())))
      .filter((value) => !allowed.has(value))
      .map(encodeURIComponent);
  }
  if (schema.type === 'number' || schema.type === 'integer') {
    const outside = [schema.minimum === undefined ? undefined : schema.minimum - 1, schema.maximum === undefined ? undefined : schema.maximum + 1].filter(
      (value): value is number => value !== undefined,
    );
    return fc.constantFrom(
      'abc',
      '',
      'NaN',
      'Infinity',
      '-Infinity',
      '1e400',
      '1e2',
      '0x10',
      '+5',
      '%205',
      '5%20',
      '%D9%A1',
      '99999999999999999999999',
      ...outside.map(String),
    );
  }
  if (schema.format === 'date' || name.endsWith('_date')) {
    return fc.constantFrom(
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '20260101',
      '2026-1-1',
      'yesterday',
      '0000-00-00',
      '2026-01-01T00:00:00Z',
      '%00',
      '9999999-01-01',
    );
  }
  return undefined;
}

function queryMutations(sources: OperationSources, valid: fc.Arbitrary<Part & { parts: ValidParts }>): fc.Arbitrary<Part> | undefined {
  const parameters = sources.operation.parameters.filter((parameter) => parameter.in === 'query');
  const mutations: Array<fc.Arbitrary<Part>> = [];
  const typed = parameters.flatMap((parameter) => {
    const bad = badQueryValueOf((parameter.schema as Schema | undefined) ?? {}, parameter.name);
    return bad ? [{ name: parameter.name, bad }] : [];
  });
  const replace = (pairs: Array<[string, string]>, name: string, value: string): Array<[string, string]> => [
    ...pairs.filter(([other]) => other !== name),
    [name, value],
  ];
  if (typed.length > 0) {
    mutations.push(
      fc.tuple(valid, fc.constantFrom(...typed)).chain(([part, { name, bad }]) =>
        bad.map((value) => ({
          ...withoutParts(part),
          intent: `query ${name}=${value.slice(0, 60)}`,
          mustRefuse: true,
          query: queryString(replace(part.parts.queryPairs, name, value)),
        })),
      ),
    );
  }
  // Every parameter, free text included (an e-mail, a state): the parsers read `a=1&a=2` as a list and keep U+0000.
  const names = parameters.map((parameter) => parameter.name);
  if (names.length > 0) {
    mutations.push(
      fc.tuple(valid, fc.constantFrom(...names), fc.constantFrom('repeated', 'bracketed', 'NUL')).map(([part, name, how]) => {
        const value = part.parts.queryPairs.find(([other]) => other === name)?.[1] ?? '1';
        const pairs: Array<[string, string]> =
          how === 'repeated'
            ? [...part.parts.queryPairs.filter(([other]) => other !== name), [name, value], [name, value]]
            : how === 'bracketed'
              ? [...part.parts.queryPairs.filter(([other]) => other !== name), [`${name}%5Bx%5D`, value]]
              : replace(part.parts.queryPairs, name, `${value}%00`);
        // A bracketed name is another parameter to a plain query parser: refused as unknown, or ignored.
        return { ...withoutParts(part), intent: `query ${name} ${how}`, mustRefuse: how !== 'bracketed', query: queryString(pairs) };
      }),
    );
  }
  const freeText = parameters.filter((parameter) => badQueryValueOf((parameter.schema as Schema | undefined) ?? {}, parameter.name) === undefined);
  if (freeText.length > 0) {
    mutations.push(
      fc
        .tuple(valid, fc.constantFrom(...freeText), fc.constantFrom('%ED%A0%80', '%FF%FE', '%C0%AF', '%E0%A4%A', '%', 'x'.repeat(4_000)))
        .map(([part, { name }, value]) => ({
          ...withoutParts(part),
          // Text that decodes to no UTF-8 is kept as sent by the query parser: any answer but a 5xx may be right.
          intent: `query ${name} not UTF-8 or long`,
          mustRefuse: false,
          query: queryString(replace(part.parts.queryPairs, name, value)),
        })),
    );
  }
  const required = parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name);
  if (required.length > 0) {
    mutations.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([part, name]) => ({
        ...withoutParts(part),
        intent: `query ${name} missing`,
        mustRefuse: true,
        query: queryString(part.parts.queryPairs.filter(([other]) => other !== name)),
      })),
    );
  }
  mutations.push(
    fc
      .tuple(valid, fc.string({ minLength: 1, maxLength: 10 }), fc.string({ maxLength: 10 }), fc.constantFrom('%ZZ', '%E0%A4%A', '%', '&&', '=='))
      .map(([part, name, value, junk]) => ({
        ...withoutParts(part),
        // Unknown parameters may be ignored; only a 5xx or a wrong answer is a defect.
        intent: 'query with unknown parameters and broken encoding',
        mustRefuse: false,
        query: `${queryString(part.parts.queryPairs) || '?'}&${encodeURIComponent(name)}=${encodeURIComponent(value)}${junk}`,
      })),
  );
  return fc.oneof(...mutations);
}

function jsonBodyMutations(sources: OperationSources, valid: fc.Arbitrary<Part & { parts: ValidParts }>): fc.Arbitrary<Part> {
  const body = sources.operation.body!;
  const withBody = (part: Part & { parts: ValidParts }, intent: string, mustRefuse: boolean, changes: Partial<FuzzRequest>): Part => ({
    ...withoutParts(part),
    intent,
    mustRefuse,
    contentType: 'application/json',
    ...changes,
  });
  const json = (part: Part & { parts: ValidParts }): Record<string, unknown> => part.parts.body?.json ?? {};
  return fc.oneof(
    {
      weight: 12,
      arbitrary: fc
        .tuple(valid, bodyMutationsOf(sources.document, body.schema))
        .map(([part, mutation]) =>
          withBody(part, `body ${mutation.kind}`, mutation.mustRefuse ?? true, { body: Buffer.from(JSON.stringify(mutation.apply(json(part)))) }),
        ),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, notAnObject).map(([part, value]) => withBody(part, 'body not an object', true, { body: Buffer.from(JSON.stringify(value)) })),
    },
    {
      weight: 2,
      arbitrary: valid.chain((part) =>
        malformedJson(JSON.stringify(json(part))).map((text) => withBody(part, 'body malformed JSON', true, { body: Buffer.from(text) })),
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...WRONG_CONTENT_TYPES, undefined))
        .map(([part, contentType]) =>
          withBody(part, `body as ${contentType ?? 'no content type'}`, true, { body: Buffer.from(JSON.stringify(json(part))), contentType }),
        ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, fc.constantFrom('gzip', 'deflate', 'br', 'compress', 'x-fuzz'))
        .map(([part, encoding]) =>
          withBody(part, `body claiming Content-Encoding ${encoding}`, true, { body: Buffer.from(JSON.stringify(json(part))), contentEncoding: encoding }),
        ),
    },
    {
      weight: 1,
      arbitrary: valid.chain((part) => notUtf8(JSON.stringify(json(part))).map((bytes) => withBody(part, 'body not UTF-8', true, { body: bytes }))),
    },
    { weight: 1, arbitrary: valid.map((part) => withBody(part, 'body over 1 MiB', true, { body: Buffer.from(oversized(json(part))) })) },
    {
      weight: 1,
      arbitrary: valid.map((part) => withBody(part, 'no body', (body.schema.required ?? []).length > 0, { body: undefined, contentType: undefined })),
    },
  );
}

/** Host headers that name no host: a URL (a redirect, a link, the OAuth issuer) cannot be built on them. */
const INVALID_HOSTS = ['[::1', 'a b', 'acme.test:99999', 'acme.test:1:2', 'acme.test?x', 'acme.test#x', 'user@acme.test', 'acme.test/x', '\u00e9.test'];

/** Headers a route does not read, in odd forms: they may be ignored, but never fail the request. */
const ODD_HEADERS: Array<Record<string, string>> = [
  { Accept: 'application/xml' },
  { Accept: 'text/html' },
  { Accept: 'text/event-stream' },
  { Accept: '*/*;q=0' },
  { Accept: '\u00ff\u00fe' },
  { 'Accept-Language': 'a'.repeat(8_000) },
  { 'Accept-Encoding': 'gzip;q=x, br;q=2' },
  { 'Accept-Charset': 'latin1' },
  { 'X-Request-Id': 'req_\u00ff' },
  { 'X-Forwarded-For': '\u00ff, 999.1.1.1, [::1]' },
  { 'X-Forwarded-Proto': 'gopher' },
  { 'X-HTTP-Method-Override': 'DELETE' },
  { Origin: 'null' },
  { Range: 'bytes=0-0' },
  { 'If-None-Match': '*' },
];

function headerMutations(valid: fc.Arbitrary<Part & { parts: ValidParts }>): fc.Arbitrary<Part> {
  return fc.oneof(
    fc.tuple(valid, fc.constantFrom(...INVALID_HOSTS)).map(([part, host]) => ({
      ...withoutParts(part),
      intent: `Host ${JSON.stringify(host)}`,
      mustRefuse: true,
      headers: { Host: host },
    })),
    fc.tuple(valid, fc.constantFrom(...ODD_HEADERS)).map(([part, headers]) => ({
      ...withoutParts(part),
      intent: `headers ${JSON.stringify(headers).slice(0, 80)}`,
      headers,
    })),
  );
}

interface MultipartFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

const fileNames = fc.oneof(
  fc
    .tuple(fc.string({ minLength: 1, maxLength: 20 }), fc.constantFrom('.md', '.txt', '.csv', '.json', '.html', '.pdf', '.docx', '.exe', ''))
    .map(([stem, extension]) => `${stem}${extension}`),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  fc.constantFrom('../../etc/passwd', '..\\..\\boot.ini', 'a/b/c.md', '.', '..', 'CON', 'x'.repeat(400), '\u202Egnp.exe', 'nul\u0000.md'),
);

const fileContents = fc.oneof(
  fc.lorem({ maxCount: 30 }).map((text) => Buffer.from(text)),
  fc.uint8Array({ maxLength: 2_048 }).map((bytes) => Buffer.from(bytes)),
  fc.jsonValue({ maxDepth: 3 }).map((value) => Buffer.from(JSON.stringify(value))),
  fc
    .constantFrom('%PDF-1.7\n%broken', 'PK\u0003\u0004broken-docx', 'a,b\n1,2\n"unterminated', '<html><body><h1>Title</h1><p>Text</p>', '')
    .map((text) => Buffer.from(text)),
);

const multipartFile: fc.Arbitrary<MultipartFile> = fc.record({
  field: fc.constant('file'),
  filename: fileNames,
  contentType: fc.constantFrom('text/plain', 'text/markdown', 'application/pdf', 'application/octet-stream', 'text/csv', 'application/json', 'image/png'),
  data: fileContents,
});

const BOUNDARY = 'fuzz-boundary-7MA4YWxkTrZu0gW';

function multipartBody(files: MultipartFile[], boundary = BOUNDARY): Pick<FuzzRequest, 'body' | 'contentType'> {
  const quoted = (value: string): string => value.replace(/[\r\n"\\]/g, (char) => encodeURIComponent(char));
  const parts = files.map((file) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(file.field)}"; filename="${quoted(file.filename)}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    ]),
  );
  return { body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

function multipartMutations(valid: fc.Arbitrary<Part & { parts: ValidParts }>): fc.Arbitrary<Part> {
  const files = (part: Part & { parts: ValidParts }): MultipartFile[] => part.parts.body?.multipart ?? [];
  const refused = (part: Part & { parts: ValidParts }, intent: string, changes: Partial<FuzzRequest>): Part => ({
    ...withoutParts(part),
    intent,
    mustRefuse: true,
    ...changes,
  });
  return fc.oneof(
    fc
      .tuple(valid, fc.constantFrom('files', 'upload', 'File', ''))
      .map(([part, field]) => refused(part, `multipart field ${JSON.stringify(field)}`, multipartBody(files(part).map((file) => ({ ...file, field }))))),
    valid.map((part) => refused(part, 'multipart with 21 files', multipartBody(Array.from({ length: 21 }, () => files(part)[0])))),
    valid.map((part) => refused(part, 'multipart with no parts', multipartBody([]))),
    valid.map((part) => {
      const { body } = multipartBody(files(part));
      return refused(part, 'multipart cut short', {
        body: body!.subarray(0, Math.floor(body!.length / 2)),
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      });
    }),
    valid.map((part) => refused(part, 'multipart without a boundary', { ...multipartBody(files(part)), contentType: 'multipart/form-data' })),
    valid.map((part) => refused(part, 'multipart of another boundary', { ...multipartBody(files(part)), contentType: 'multipart/form-data; boundary=other' })),
    valid.map((part) =>
      refused(part, 'files as JSON', {
        body: Buffer.from(JSON.stringify({ file: files(part).map((file) => file.filename) })),
        contentType: 'application/json',
      }),
    ),
  );
}

/** Failures print the request, not its bytes: long strings and bodies cut short. */
function describable(request: FuzzRequest): FuzzRequest {
  return Object.defineProperty(request, fc.toStringMethod, { value: () => describeRequest(request), enumerable: false });
}

export function describeRequest(request: FuzzRequest): string {
  const body =
    request.body === undefined
      ? ''
      : request.body.length > 600
        ? `${request.body.subarray(0, 600).toString('utf8')}…(${request.body.length} bytes)`
        : request.body.toString('utf8');
  const target = `${request.path}${request.query}`;
  return [
    `${request.method} ${target.length > 600 ? `${target.slice(0, 600)}…(${target.length} chars)` : target}`,
    `  intent: ${request.intent}${request.mustRefuse ? ' (must be refused)' : ''}; credential: ${request.credential}`,
    ...(request.contentType !== undefined ? [`  Content-Type: ${request.contentType}`] : []),
    ...(request.contentEncoding ? [`  Content-Encoding: ${request.contentEncoding}`] : []),
    ...Object.entries(request.headers ?? {}).map(([name, value]) => `  ${name}: ${value.length > 100 ? `${value.slice(0, 100)}…` : value}`),
    ...(body ? [`  body: ${body}`] : []),
  ].join('\n');
}
