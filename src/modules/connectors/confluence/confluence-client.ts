import { ProviderCallError } from '#src/modules/connectors/provider/provider-failure.js';
import type { ProviderBytes, ProviderSession } from '#src/modules/connectors/provider/provider-session.js';

/** One site the consent covers, from `GET /oauth/token/accessible-resources`. */
export interface AccessibleResource {
  id: string;
  name: string;
  url: string;
  scopes: string[];
  avatarUrl?: string;
}

export interface ContentVersion {
  number: number;
  when: string;
}

interface Links {
  webui?: string;
  download?: string;
  self?: string;
}

/** A page of `content/search`, with the expansions asked for. */
export interface ContentPage {
  id: string;
  type: string;
  status: string;
  title: string;
  version?: ContentVersion;
  space?: { key: string; name: string };
  body?: { storage?: { value: string; representation: 'storage' } };
  _links: Links;
}

export interface Attachment {
  id: string;
  type: 'attachment';
  title: string;
  version?: ContentVersion;
  metadata?: { mediaType?: string };
  extensions?: { mediaType?: string; fileSize?: number };
  _links: Links;
}

export const isAttachment = (content: ContentPage | Attachment): content is Attachment => content.type === 'attachment';

/** Confluence's v1 list envelope; `_links.next` is relative to `_links.base` (the site's /wiki). */
export interface ResultPage<T> {
  results: T[];
  start?: number;
  limit: number;
  size: number;
  _links: { base?: string; context?: string; next?: string; self?: string };
}

const RESOURCES_URL = 'oauth/token/accessible-resources';

/** Confluence Cloud's REST API v1 for one site, through Atlassian's API gateway (3LO tokens are refused on the site's own host). */
export class ConfluenceClient {
  private readonly wiki: string;

  constructor(
    private readonly provider: ProviderSession,
    cloudId: string,
  ) {
    this.wiki = `ex/confluence/${encodeURIComponent(cloudId)}/wiki`;
  }

  static accessibleResources(provider: ProviderSession): Promise<AccessibleResource[]> {
    return provider.json<AccessibleResource[]>({ url: RESOURCES_URL });
  }

  search(cql: string, expand: readonly string[], limit: number): Promise<ResultPage<ContentPage>> {
    return this.provider.json({ url: `${this.wiki}/rest/api/content/search`, query: { cql, expand: expand.join(','), limit } });
  }

  /** A page or an attachment by id (`GET content/{id}`); undefined when the account cannot see it, or it is gone. */
  async content(id: string, expand: readonly string[]): Promise<ContentPage | Attachment | undefined> {
    try {
      return await this.provider.json<ContentPage | Attachment>({
        url: `${this.wiki}/rest/api/content/${encodeURIComponent(id)}`,
        query: { expand: expand.join(',') },
      });
    } catch (error) {
      if (error instanceof ProviderCallError && error.failure.kind === 'not_found') {
        return undefined;
      }
      throw error;
    }
  }

  attachments(pageId: string, limit: number): Promise<ResultPage<Attachment>> {
    return this.provider.json({ url: `${this.wiki}/rest/api/content/${encodeURIComponent(pageId)}/child/attachment`, query: { expand: 'version', limit } });
  }

  /** The page a `_links.next` points at. */
  next<T>(link: string): Promise<ResultPage<T>> {
    return this.provider.json({ url: this.onWiki(link) });
  }

  download(link: string, maxBytes: number): Promise<ProviderBytes> {
    return this.provider.bytes({ url: this.onWiki(link) }, maxBytes);
  }

  private onWiki(link: string): string {
    return `${this.wiki}/${link.replace(/^\/+/, '')}`;
  }
}
