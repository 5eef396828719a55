import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { AppError } from '#src/common/errors/app.error.js';
import { TargetUrlError, validateTargetUrl } from '#src/common/net/ssrf-guard.js';
import type { ConfigOptions, Connector, ConnectorContext, SyncItem } from '#src/modules/connectors/connector.js';
import { DEFAULT_MAX_PAGES, WebsiteConfigDto } from '#src/modules/connectors/website/website-config.dto.js';
import { crawlWebsite } from '#src/modules/ingestion/crawler/crawl-website.js';

export const CRAWLER_USER_AGENT = 'AgentQueryServiceBot/1.0 (+https://github.com/agent-query-service)';

/** A website, crawled in full on every sync from its start URL; pages a complete crawl no longer finds are removed. */
@Injectable()
export class WebsiteConnector implements Connector<WebsiteConfigDto, never> {
  readonly type = 'website';
  readonly configDto = WebsiteConfigDto;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /**
   * The URL must be http(s), without credentials, and must not point at a private, loopback, link-local or
   * metadata address. A host that does not resolve yet is accepted: the sync reports it if it still does not.
   */
  async normaliseConfig(config: WebsiteConfigDto, options: ConfigOptions): Promise<WebsiteConfigDto> {
    try {
      await validateTargetUrl(config.url, { allowPrivateTargets: options.allowPrivateTargets });
    } catch (error) {
      if (!(error instanceof TargetUrlError) || error.reason !== 'unresolvable') {
        const message = error instanceof TargetUrlError ? error.message : 'the URL cannot be crawled';
        throw AppError.invalid(`config.url ${message}`, { 'config.url': [message] });
      }
    }
    return { url: config.url, max_pages: config.max_pages ?? DEFAULT_MAX_PAGES };
  }

  expectedDocuments(context: ConnectorContext<WebsiteConfigDto, never>): Promise<number> {
    return Promise.resolve(context.source.config.max_pages ?? DEFAULT_MAX_PAGES);
  }

  async *changes(context: ConnectorContext<WebsiteConfigDto, never>): AsyncIterable<SyncItem<never>> {
    const { crawl, allowPrivateTargets } = this.config;
    const pages = crawlWebsite({
      startUrl: context.source.config.url,
      maxPages: context.source.config.max_pages ?? DEFAULT_MAX_PAGES,
      concurrency: crawl.concurrency,
      delayMs: crawl.delayMs,
      timeoutMs: crawl.timeoutMs,
      maxPageBytes: crawl.maxPageBytes,
      allowPrivateTargets,
      userAgent: CRAWLER_USER_AGENT,
      signal: context.signal,
    });
    for await (const page of pages) {
      switch (page.kind) {
        case 'failure':
          yield { key: page.url, url: page.url, error: page.error, transient: page.transient };
          break;
        case 'html':
          yield { key: page.url, url: page.url, input: () => Promise.resolve({ format: 'html', html: page.html, url: page.url }) };
          break;
        case 'markdown':
          yield { key: page.url, url: page.url, input: () => Promise.resolve({ format: 'markdown', text: page.text }) };
          break;
        case 'pdf':
          yield { key: page.url, url: page.url, input: () => Promise.resolve({ format: 'pdf', bytes: page.bytes }) };
          break;
      }
    }
  }
}
