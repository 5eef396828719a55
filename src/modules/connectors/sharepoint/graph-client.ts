import type { FetchFunction } from '#src/common/net/fetch-through.js';
import { ProviderCallError, ProviderHttpError } from '#src/modules/connectors/provider/provider-failure.js';
import type { ProviderBytes, ProviderSession } from '#src/modules/connectors/provider/provider-session.js';

export interface GraphSite {
  id: string;
  name?: string;
  displayName?: string;
  webUrl: string;
}

export interface GraphDrive {
  id: string;
  name?: string;
  driveType?: string;
  webUrl: string;
}

export interface GraphDriveItem {
  id: string;
  name?: string;
  webUrl?: string;
  size?: number;
  lastModifiedDateTime?: string;
  file?: { mimeType?: string };
  folder?: { childCount?: number };
  deleted?: { state?: string };
}

export interface GraphPage<T> {
  value: T[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
}

interface GraphErrorBody {
  error?: { code?: unknown; message?: unknown };
}

/** The `error.code` of a Graph error body (`TooManyRequests`, `resyncRequired`, `itemNotFound`, …). */
export function graphErrorCode(body: unknown): string | undefined {
  const code = (body as GraphErrorBody | undefined)?.error?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The delta token a drive's enumeration followed can no longer be used: the drive is enumerated again from scratch. */
export function isResyncRequired(error: unknown): boolean {
  const cause = error instanceof ProviderCallError ? error.cause : error;
  return cause instanceof ProviderHttpError && cause.status === 410;
}

/** The subset of Microsoft Graph v1.0 a SharePoint source reads, through the source's provider session. */
export class GraphClient {
  private readonly origin: string;

  constructor(
    private readonly provider: ProviderSession,
    private readonly apiUrl: string,
    private readonly fetchElsewhere: FetchFunction,
  ) {
    this.origin = new URL(apiUrl).origin;
  }

  /** `https://contoso.sharepoint.com/sites/eng` is `GET /sites/contoso.sharepoint.com:/sites/eng`. */
  siteByUrl(siteUrl: string): Promise<GraphSite> {
    const { hostname, pathname } = new URL(siteUrl);
    const path = pathname.replace(/\/+$/, '');
    return this.provider.json<GraphSite>({ url: path === '' ? `sites/${hostname}` : `sites/${hostname}:${path}` });
  }

  searchSites(): AsyncIterable<GraphSite> {
    return this.collection<GraphSite>('sites', { search: '*' });
  }

  siteDrives(siteId: string): AsyncIterable<GraphDrive> {
    return this.collection<GraphDrive>(`sites/${encodeURIComponent(siteId)}/drives`);
  }

  drive(driveId: string): Promise<GraphDrive> {
    return this.provider.json<GraphDrive>({ url: `drives/${encodeURIComponent(driveId)}` });
  }

  /** One page of a drive's delta: from its root when `link` is absent, else the nextLink or deltaLink given. */
  delta(driveId: string, link: string | undefined, select: readonly string[]): Promise<GraphPage<GraphDriveItem>> {
    if (link !== undefined) {
      return this.provider.json<GraphPage<GraphDriveItem>>({ url: this.trusted(link) });
    }
    return this.provider.json<GraphPage<GraphDriveItem>>({ url: `drives/${encodeURIComponent(driveId)}/root/delta`, query: { $select: select.join(',') } });
  }

  /** One item of a drive; undefined when the drive no longer has it. */
  async item(driveId: string, itemId: string, select: readonly string[]): Promise<GraphDriveItem | undefined> {
    try {
      return await this.provider.json<GraphDriveItem>({
        url: `drives/${encodeURIComponent(driveId)}/items/${encodeURIComponent(itemId)}`,
        query: { $select: select.join(',') },
      });
    } catch (error) {
      if (error instanceof ProviderCallError && error.failure.kind === 'not_found') {
        return undefined;
      }
      throw error;
    }
  }

  /**
   * The item's content: Graph answers a redirect to a pre-authenticated download URL, which must be fetched
   * without the bearer token (the token is Graph's only, and the download host refuses it).
   */
  async content(driveId: string, itemId: string, maxBytes: number): Promise<ProviderBytes> {
    const url = `${this.apiUrl}/drives/${encodeURIComponent(driveId)}/items/${encodeURIComponent(itemId)}/content`;
    const first = await this.provider.call(async (token, signal): Promise<{ location: string } | { bytes: ProviderBytes }> => {
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` }, redirect: 'manual', signal });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location !== null) {
        await response.body?.cancel();
        return { location: new URL(location, url).toString() };
      }
      return { bytes: await readBody(response, url, maxBytes) };
    });
    if ('bytes' in first) {
      return first.bytes;
    }
    // The link is on another host (the tenant's): the SSRF guard checks where it, and any redirect of it, leads.
    return this.provider.call(async (_token, signal) => readBody(await this.fetchElsewhere(first.location, { signal }), first.location, maxBytes));
  }

  private async *collection<T>(url: string, query?: Record<string, string>): AsyncIterable<T> {
    let page = await this.provider.json<GraphPage<T>>({ url, query });
    for (;;) {
      yield* page.value;
      const next = page['@odata.nextLink'];
      if (next === undefined) {
        return;
      }
      page = await this.provider.json<GraphPage<T>>({ url: this.trusted(next) });
    }
  }

  /** Links Graph hands back are followed only on Graph's own origin: the bearer token goes nowhere else. */
  private trusted(link: string): string {
    if (new URL(link, `${this.apiUrl}/`).origin !== this.origin) {
      throw new ProviderCallError({ kind: 'fatal', message: `Microsoft Graph answered a link outside ${this.origin}` });
    }
    return link;
  }
}

async function readBody(response: Response, url: string, maxBytes: number): Promise<ProviderBytes> {
  if (!response.ok) {
    const text = await response.text();
    throw new ProviderHttpError(response.status, response.headers, parseJson(text) ?? text, url);
  }
  const tooLarge = (): ProviderCallError => new ProviderCallError({ kind: 'fatal', message: `the file is larger than ${maxBytes} bytes` });
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const body: AsyncIterable<Uint8Array> | null = response.body;
  for await (const chunk of body ?? []) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return { bytes: Buffer.concat(chunks), contentType: response.headers.get('content-type') ?? undefined };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
