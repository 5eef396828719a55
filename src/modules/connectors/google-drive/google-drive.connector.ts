import type { Connector, ConnectorContext, ListedDocument, SyncItem } from '#src/modules/connectors/connector.js';
import type { MissingDocument, SourceDocument } from '#src/modules/connectors/document-source.js';
import type { GoogleDriveCheckpoint } from '#src/modules/connectors/google-drive/google-drive-checkpoint.js';
import { GoogleDriveClient, tooLarge, type DriveFile } from '#src/modules/connectors/google-drive/google-drive-client.js';
import { GoogleDriveConfigDto } from '#src/modules/connectors/google-drive/google-drive-config.dto.js';
import { changedSince, EXPORTED_TYPES, sourceListings } from '#src/modules/connectors/google-drive/google-drive-listings.js';
import { googleDriveOAuth } from '#src/modules/connectors/google-drive/google-drive-oauth.js';
import { DrivePass } from '#src/modules/connectors/google-drive/google-drive-pass.js';
import type { DocumentInput } from '#src/modules/ingestion/document-input.js';

const MAX_FILE_BYTES = 50 * 1024 * 1024;

type DriveContext = ConnectorContext<GoogleDriveConfigDto, GoogleDriveCheckpoint>;

/** Google Drive: Docs, Sheets, Slides, PDFs, Word and text files of the chosen folders, shared drives, or the whole My Drive. */
export const googleDriveConnector: Connector<GoogleDriveConfigDto, GoogleDriveCheckpoint> = {
  type: 'google_drive',
  configDto: GoogleDriveConfigDto,
  oauth: googleDriveOAuth,
  normaliseConfig: (config) =>
    // A list left out stays out: the stored config is one the API takes back as it is.
    Promise.resolve({
      ...(config.folder_ids === undefined ? {} : { folder_ids: [...new Set(config.folder_ids)] }),
      ...(config.shared_drive_ids === undefined ? {} : { shared_drive_ids: [...new Set(config.shared_drive_ids)] }),
      include_shared_with_me: config.include_shared_with_me ?? false,
    }),
  changes,
  listDocuments,
  fetchDocuments,
};

async function* changes(context: DriveContext): AsyncIterable<SyncItem<GoogleDriveCheckpoint>> {
  const client = await GoogleDriveClient.open(context.provider, context.endpoints.apiUrl);
  const listings = await sourceListings(client, context.source.config);
  const { pass, start } = DrivePass.resume(context.checkpoint, listings, new Date());
  for (let index = start.listingIndex; index < listings.length; index += 1) {
    const listing = listings[index];
    const query = changedSince(listing, pass.changedAfter);
    let pageToken = index === start.listingIndex ? start.pageToken : undefined;
    do {
      const page = await client.listFiles(query, pageToken);
      for (const file of page.files) {
        if (!pass.alreadyRead(file)) {
          yield driveDocument(client, file);
        }
      }
      pageToken = page.nextPageToken;
      const next = pageToken ? { listing: listing.id, pageToken } : index + 1 < listings.length ? { listing: listings[index + 1].id } : undefined;
      if (next) {
        yield { checkpoint: pass.mark(next) };
      }
    } while (pageToken);
  }
  yield { checkpoint: pass.complete() };
}

async function* listDocuments(context: DriveContext): AsyncIterable<ListedDocument> {
  const client = await GoogleDriveClient.open(context.provider, context.endpoints.apiUrl);
  const listed = new Set<string>();
  for (const listing of await sourceListings(client, context.source.config)) {
    let pageToken: string | undefined;
    do {
      const page = await client.listVersions(listing, pageToken);
      for (const file of page.files.filter(({ id }) => !listed.has(id))) {
        listed.add(file.id);
        yield { key: file.id, changedAt: new Date(file.modifiedTime) };
      }
      pageToken = page.nextPageToken;
    } while (pageToken);
  }
}

/** Files by id: Drive's search has no term for ids, so one files.get each. */
async function* fetchDocuments(context: DriveContext, fileIds: readonly string[]): AsyncIterable<SourceDocument | MissingDocument> {
  const client = await GoogleDriveClient.open(context.provider, context.endpoints.apiUrl);
  for (const fileId of fileIds) {
    const file = await client.findFile(fileId);
    if (file) {
      yield driveDocument(client, file);
    }
  }
}

function driveDocument(client: GoogleDriveClient, file: DriveFile): SourceDocument | MissingDocument {
  const url = file.webViewLink ?? `https://drive.google.com/file/d/${encodeURIComponent(file.id)}/view`;
  if (file.size !== undefined && file.size > MAX_FILE_BYTES) {
    return { key: file.id, url, error: tooLarge(MAX_FILE_BYTES).message };
  }
  return { key: file.id, url, title: file.name, input: () => fileInput(client, file, url) };
}

async function fileInput(client: GoogleDriveClient, file: DriveFile, url: string): Promise<DocumentInput> {
  const exported = EXPORTED_TYPES[file.mimeType];
  if (!exported) {
    return { format: 'file', name: file.name, bytes: await client.download(file.id, MAX_FILE_BYTES), contentType: file.mimeType };
  }
  const bytes = await client.exportFile(file.id, exported.mimeType, MAX_FILE_BYTES);
  if (exported.mimeType === 'text/html') {
    return { format: 'html', html: Buffer.from(bytes).toString('utf8'), url };
  }
  return { format: 'file', name: `${file.name}.${exported.extension}`, bytes, contentType: exported.mimeType };
}
