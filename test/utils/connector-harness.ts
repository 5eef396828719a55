import type { FetchFunction } from '#src/common/net/fetch-through.js';
import type { Connector, ConnectorContext, ListedDocument } from '#src/modules/connectors/connector.js';
import { isCheckpointMark, isDeletion, isExpectedCount } from '#src/modules/connectors/connector.js';
import { isMissing, type MissingDocument, type SourceDocument } from '#src/modules/connectors/document-source.js';
import { HttpProviderSession, type SessionLimits } from '#src/modules/connectors/provider/http-provider-session.js';
import { MemoryThrottleGate } from '#src/modules/connectors/provider/memory-throttle-gate.js';
import type { ProviderEndpoints } from '#src/modules/connectors/provider/provider-endpoints.js';
import { parseInput } from '#src/modules/ingestion/document-input.js';
import type { FakeProvider } from '#test/fakes/fake-provider.js';

export interface HarvestedDocument {
  key: string;
  url: string;
  title: string | undefined;
  /** The parsed document's text, as the chunker would receive it. */
  text: string;
}

export interface Harvest<Checkpoint> {
  documents: HarvestedDocument[];
  missing: { key: string; error: string }[];
  deleted: string[];
  checkpoints: Checkpoint[];
  expected: number[];
}

/** The fake's endpoints read back from the environment it hands the service. */
export function fakeEndpoints(fake: FakeProvider, prefix: string): ProviderEndpoints {
  const env = fake.environment;
  const read = (name: string): string | undefined => env[`${prefix}_${name}`];
  return {
    clientId: read('CLIENT_ID'),
    clientSecret: read('CLIENT_SECRET'),
    authorizeUrl: read('AUTHORIZE_URL') ?? '',
    tokenUrl: read('TOKEN_URL') ?? '',
    revokeUrl: read('REVOKE_URL'),
    apiUrl: read('API_URL') ?? '',
  };
}

/**
 * Runs a connector alone against its fake, the way a sync does (one ProviderSession, an in-memory throttle
 * gate), with tokens granted directly by the fake; a refused token is renewed by a new grant.
 */
export function connectorContext<Config extends object, Checkpoint>(
  connector: Connector<Config, Checkpoint>,
  fake: FakeProvider,
  endpoints: ProviderEndpoints,
  options: { config: Config; checkpoint?: Checkpoint | null; limits?: Partial<SessionLimits>; signal?: AbortSignal; fetchElsewhere?: FetchFunction },
): ConnectorContext<Config, Checkpoint> {
  let token = fake.grant().accessToken;
  const signal = options.signal ?? new AbortController().signal;
  const provider = new HttpProviderSession({
    endpoints,
    tokens: {
      current: () => Promise.resolve(token),
      renew: () => {
        token = fake.grant().accessToken;
        return Promise.resolve(token);
      },
    },
    gate: new MemoryThrottleGate(),
    throttleKey: `${connector.type}:test`,
    classify: connector.oauth?.classify,
    userAgent: 'connector-test',
    signal,
    limits: { backoffMs: 10, ...options.limits },
  });
  return {
    source: { id: 'ds_test', orgId: 'org_test', config: options.config },
    checkpoint: options.checkpoint ?? null,
    provider,
    endpoints,
    fetchElsewhere: options.fetchElsewhere ?? fetch,
    signal,
  };
}

/** Everything one pass of `changes` yields, each document's input parsed. */
export async function harvest<Config extends object, Checkpoint>(
  connector: Connector<Config, Checkpoint>,
  context: ConnectorContext<Config, Checkpoint>,
): Promise<Harvest<Checkpoint>> {
  const result: Harvest<Checkpoint> = { documents: [], missing: [], deleted: [], checkpoints: [], expected: [] };
  for await (const item of connector.changes(context)) {
    if (isCheckpointMark(item)) {
      result.checkpoints.push(item.checkpoint);
    } else if (isDeletion(item)) {
      result.deleted.push(item.deletedKey);
    } else if (isExpectedCount(item)) {
      result.expected.push(item.expected);
    } else {
      await collect(item, result);
    }
  }
  return result;
}

/** What `fetchDocuments` yields for `keys`, each document's input parsed. */
export async function fetched<Config extends object, Checkpoint>(
  connector: Connector<Config, Checkpoint>,
  context: ConnectorContext<Config, Checkpoint>,
  keys: readonly string[],
): Promise<Pick<Harvest<Checkpoint>, 'documents' | 'missing'>> {
  const result: Pick<Harvest<Checkpoint>, 'documents' | 'missing'> = { documents: [], missing: [] };
  for await (const item of connector.fetchDocuments?.(context, keys) ?? []) {
    await collect(item, result);
  }
  return result;
}

async function collect(item: SourceDocument | MissingDocument, into: Pick<Harvest<unknown>, 'documents' | 'missing'>): Promise<void> {
  if (isMissing(item)) {
    into.missing.push({ key: item.key, error: item.error });
    return;
  }
  const parsed = await parseInput(await item.input());
  into.documents.push({ key: item.key, url: item.url, title: item.title, text: parsed.blocks.map((block) => block.text).join('\n') });
}

export async function listed<Config extends object, Checkpoint>(
  connector: Connector<Config, Checkpoint>,
  context: ConnectorContext<Config, Checkpoint>,
): Promise<ListedDocument[]> {
  const documents: ListedDocument[] = [];
  for await (const document of connector.listDocuments?.(context) ?? []) {
    documents.push(document);
  }
  return documents;
}
