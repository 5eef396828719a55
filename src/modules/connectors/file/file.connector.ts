import { Injectable } from '@nestjs/common';
import type { Connector, ConnectorContext, SyncItem } from '#src/modules/connectors/connector.js';
import { FileStorageService } from '#src/modules/connectors/file/file-storage.service.js';
import { SourceFilesRepository } from '#src/modules/connectors/file/source-files.repository.js';

/** Uploaded files, all read on every sync (unchanged ones are skipped by their content hash). */
@Injectable()
export class FileConnector implements Connector<object, never> {
  readonly type = 'file';

  constructor(
    private readonly files: SourceFilesRepository,
    private readonly storage: FileStorageService,
  ) {}

  async expectedDocuments(context: ConnectorContext<object, never>): Promise<number> {
    return (await this.files.ofSource(context.source.orgId, context.source.id)).length;
  }

  async *changes(context: ConnectorContext<object, never>): AsyncIterable<SyncItem<never>> {
    const storage = this.storage;
    for (const file of await this.files.ofSource(context.source.orgId, context.source.id)) {
      yield {
        key: file.name,
        url: file.name,
        input: async () => ({ format: 'file', name: file.name, bytes: await storage.read(file.storagePath), contentType: file.contentType ?? undefined }),
      };
    }
  }
}
