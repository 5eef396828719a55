import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import type { DataSourceEntity } from '#src/modules/data-sources/data-source.entity.js';
import { DEFAULT_MAX_PAGES } from '#src/modules/data-sources/dto/data-source.dto.js';
import { FileStorageService } from '#src/modules/data-sources/file-storage.service.js';
import { crawlWebsite } from '#src/modules/data-sources/ingestion/crawler/crawl-website.js';
import { SourceUnavailableError, type DocumentSource, type MissingDocument, type SourceDocument } from '#src/modules/data-sources/ingestion/document-source.js';
import { SourceFilesRepository } from '#src/modules/data-sources/source-files.repository.js';

export const CRAWLER_USER_AGENT = 'AgentQueryServiceBot/1.0 (+https://github.com/agent-query-service)';

/** What a sync reads for each kind of data source. Connector kinds have no reader yet. */
@Injectable()
export class DocumentSources {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly files: SourceFilesRepository,
    private readonly storage: FileStorageService,
  ) {}

  async of(source: DataSourceEntity): Promise<DocumentSource> {
    switch (source.type) {
      case 'website':
        return this.website(source);
      case 'file':
        return this.uploadedFiles(source);
      case 'confluence':
      case 'slack':
      case 'google_drive':
      case 'sharepoint':
        throw new SourceUnavailableError(`Data sources of type ${source.type} cannot be synced yet`);
    }
  }

  private website(source: DataSourceEntity): DocumentSource {
    const maxPages = typeof source.config.max_pages === 'number' ? source.config.max_pages : DEFAULT_MAX_PAGES;
    const { crawl, allowPrivateTargets } = this.config;
    return {
      expected: maxPages,
      async *documents(signal: AbortSignal): AsyncIterable<SourceDocument | MissingDocument> {
        const pages = crawlWebsite({
          startUrl: String(source.config.url),
          maxPages,
          concurrency: crawl.concurrency,
          delayMs: crawl.delayMs,
          timeoutMs: crawl.timeoutMs,
          maxPageBytes: crawl.maxPageBytes,
          allowPrivateTargets,
          userAgent: CRAWLER_USER_AGENT,
          signal,
        });
        for await (const page of pages) {
          switch (page.kind) {
            case 'failure':
              yield { key: page.url, url: page.url, error: page.error };
              break;
            case 'html':
              yield { key: page.url, url: page.url, input: async () => ({ format: 'html', html: page.html, url: page.url }) };
              break;
            case 'pdf':
              yield { key: page.url, url: page.url, input: async () => ({ format: 'pdf', bytes: page.bytes }) };
              break;
          }
        }
      },
    };
  }

  private async uploadedFiles(source: DataSourceEntity): Promise<DocumentSource> {
    const files = await this.files.ofSource(source.id);
    const storage = this.storage;
    return {
      expected: files.length,
      async *documents(): AsyncIterable<SourceDocument> {
        for (const file of files) {
          yield {
            key: file.name,
            url: file.name,
            input: async () => ({ format: 'file', name: file.name, bytes: await storage.read(file.storagePath), contentType: file.contentType ?? undefined }),
          };
        }
      },
    };
  }
}
