import type { OpenAPIV3 } from 'openapi-types';

export type Schema = OpenAPIV3.SchemaObject;
export type MaybeRef<T> = T | OpenAPIV3.ReferenceObject;

export const HTTP_METHODS = ['get', 'post', 'put', 'delete', 'patch'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type BodyMediaType = 'application/json' | 'multipart/form-data' | 'application/x-www-form-urlencoded';

/** One operation of the document, its references resolved. */
export interface ApiOperation {
  /** `GET /api/v1/agents/{id}`: how suites and failures name it. */
  label: string;
  method: HttpMethod;
  /** The path template, e.g. `/api/v1/agents/{id}`. */
  path: string;
  parameters: OpenAPIV3.ParameterObject[];
  body?: { mediaType: BodyMediaType; schema: Schema; required: boolean };
  responses: Record<string, OpenAPIV3.ResponseObject>;
  /** Who may call it: anyone, a signed-in person only (the session cookie), or any credential (a key first). */
  access: 'public' | 'session' | 'credential';
}

const isReference = (value: unknown): value is OpenAPIV3.ReferenceObject => typeof value === 'object' && value !== null && '$ref' in value;

/** The served OpenAPI 3.0 document, read as a list of operations with their schemas. */
export class ApiDocument {
  constructor(readonly document: OpenAPIV3.Document) {}

  resolve<T extends object>(value: MaybeRef<T>): T {
    let current: unknown = value;
    for (let hops = 0; isReference(current); hops++) {
      if (hops > 20 || !current.$ref.startsWith('#/')) {
        throw new Error(`Unresolvable reference ${current.$ref}`);
      }
      current = current.$ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, segment) => (node as Record<string, unknown> | undefined)?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')], this.document);
      if (current === undefined) {
        throw new Error(`Dangling reference ${(value as OpenAPIV3.ReferenceObject).$ref}`);
      }
    }
    return current as T;
  }

  schema(name: string): Schema {
    const schema = this.document.components?.schemas?.[name];
    if (!schema) {
      throw new Error(`The document has no schema ${name}`);
    }
    return this.resolve(schema);
  }

  operations(): ApiOperation[] {
    return Object.entries(this.document.paths).flatMap(([path, item]) =>
      HTTP_METHODS.filter((method) => item?.[method]).map((method) => this.operationOf(path, method, item!)),
    );
  }

  /** The operation of a label (`GET /api/v1/agents/{id}`). */
  operation(label: string): ApiOperation {
    const found = this.operations().find((operation) => operation.label === label);
    if (!found) {
      throw new Error(`The document has no operation ${label}`);
    }
    return found;
  }

  private operationOf(path: string, method: HttpMethod, item: OpenAPIV3.PathItemObject): ApiOperation {
    const operation = item[method]!;
    const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((parameter) => this.resolve(parameter));
    const requestBody = operation.requestBody ? this.resolve(operation.requestBody) : undefined;
    const [mediaType, media] = Object.entries(requestBody?.content ?? {})[0] ?? [];
    const security = operation.security ?? this.document.security ?? [];
    return {
      label: `${method.toUpperCase()} ${path}`,
      method,
      path,
      parameters,
      body: media?.schema ? { mediaType: mediaType as BodyMediaType, schema: this.resolve(media.schema), required: requestBody?.required ?? false } : undefined,
      responses: Object.fromEntries(Object.entries(operation.responses).map(([status, response]) => [status, this.resolve(response)])),
      access: security.length === 0 ? 'public' : security.every((requirement) => 'session' in requirement) ? 'session' : 'credential',
    };
  }
}

/**
 * The error envelope a path answers in (README, SPEC-DECISIONS "Errors"): legacy `/api/...` paths the
 * legacy one; `/api/v1/...`, `/api/auth/...` (current, with no versioned successor) and everything
 * outside `/api` the versioned one.
 */
export function envelopeOf(path: string): 'versioned' | 'legacy' {
  const lower = path.toLowerCase();
  const under = (prefix: string): boolean => lower === prefix || lower.startsWith(`${prefix}/`);
  return under('/api') && !under('/api/v1') && !under('/api/auth') ? 'legacy' : 'versioned';
}
