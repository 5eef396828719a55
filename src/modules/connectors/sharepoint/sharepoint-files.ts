import type { DeletedDocument } from '#src/modules/connectors/connector.js';
import type { MissingDocument, SourceDocument } from '#src/modules/connectors/document-source.js';
import type { GraphClient, GraphDrive, GraphDriveItem } from '#src/modules/connectors/sharepoint/graph-client.js';
import { declaredFormat } from '#src/modules/ingestion/parsers/file-format.js';

export const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** The fields `changes` reads from a delta page, and the fewer the deletion listing needs. */
export const CHANGE_FIELDS = ['id', 'name', 'webUrl', 'size', 'file', 'folder', 'deleted', 'lastModifiedDateTime'] as const;
export const LISTING_FIELDS = ['id', 'name', 'file', 'folder', 'deleted', 'lastModifiedDateTime'] as const;

export const documentKey = (driveId: string, itemId: string): string => `${driveId}/${itemId}`;

/** A live file whose format the parsers read; folders, deletions and other files are not documents. */
export function isReadableFile(item: GraphDriveItem): item is GraphDriveItem & { name: string; file: object } {
  return item.deleted === undefined && item.file !== undefined && item.name !== undefined && declaredFormat(item.name, item.file.mimeType) !== undefined;
}

/** What one delta entry means for the sync; undefined for entries that are not documents. */
export function fileChange(graph: GraphClient, drive: GraphDrive, item: GraphDriveItem): SourceDocument | MissingDocument | DeletedDocument | undefined {
  const key = documentKey(drive.id, item.id);
  if (item.deleted !== undefined) {
    return { deletedKey: key };
  }
  if (!isReadableFile(item)) {
    return undefined;
  }
  const url = item.webUrl ?? drive.webUrl;
  if ((item.size ?? 0) > MAX_FILE_BYTES) {
    return { key, url, error: `the file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB` };
  }
  const name = item.name;
  return {
    key,
    url,
    title: name,
    input: async () => {
      const { bytes, contentType } = await graph.content(drive.id, item.id, MAX_FILE_BYTES);
      return { format: 'file', name, bytes, contentType };
    },
  };
}
