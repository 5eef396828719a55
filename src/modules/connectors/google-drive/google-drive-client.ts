import type { drive_v3, MethodOptions } from '@googleapis/drive';
import { LazyLibrary } from '#src/common/lazy/lazy-library.js';
import { ProviderCallError } from '#src/modules/connectors/provider/provider-failure.js';
import type { ProviderSession } from '#src/modules/connectors/provider/provider-session.js';

/** One files.list query: what to search (`q`) and in which corpus. */
export interface DriveListing {
  q: string;
  corpora: 'user' | 'drive' | 'allDrives';
  driveId?: string;
}

/** A file as the cheap listing reads it. */
export interface DriveFileVersion {
  id: string;
  modifiedTime: string;
}

export interface DriveFile extends DriveFileVersion {
  name: string;
  mimeType: string;
  webViewLink: string | undefined;
  /** Bytes; Google Docs, Sheets and Slides have none. */
  size: number | undefined;
}

export interface DrivePage<T> {
  files: T[];
  nextPageToken: string | undefined;
}

const driveSdk = new LazyLibrary(() => import('@googleapis/drive'));

const PAGE_SIZE = 100;
const FILE_FIELDS = 'id,name,mimeType,modifiedTime,webViewLink,size';
const FOLDER_PAGE_SIZE = 1_000;

/** The Drive v3 calls the connector makes, through the official SDK, each one under the session's rules. */
export class GoogleDriveClient {
  private constructor(
    private readonly provider: ProviderSession,
    private readonly api: drive_v3.Drive,
  ) {}

  static async open(provider: ProviderSession, apiUrl: string): Promise<GoogleDriveClient> {
    const { drive } = await driveSdk.load();
    return new GoogleDriveClient(provider, drive({ version: 'v3', rootUrl: `${apiUrl}/` }));
  }

  /** A page of files oldest change first, so a file edited during the pass moves to a page not read yet. */
  async listFiles(listing: DriveListing, pageToken: string | undefined): Promise<DrivePage<DriveFile>> {
    const data = await this.list(listing, pageToken, `nextPageToken,files(${FILE_FIELDS})`, 'modifiedTime', PAGE_SIZE);
    return { files: (data.files ?? []).flatMap((file) => fullFile(file) ?? []), nextPageToken: data.nextPageToken ?? undefined };
  }

  async listVersions(listing: DriveListing, pageToken: string | undefined): Promise<DrivePage<DriveFileVersion>> {
    const data = await this.list(listing, pageToken, 'nextPageToken,files(id,modifiedTime)', undefined, FOLDER_PAGE_SIZE);
    return { files: (data.files ?? []).flatMap((file) => fileVersion(file) ?? []), nextPageToken: data.nextPageToken ?? undefined };
  }

  async listIds(listing: DriveListing, pageToken: string | undefined): Promise<DrivePage<string>> {
    const data = await this.list(listing, pageToken, 'nextPageToken,files(id)', undefined, FOLDER_PAGE_SIZE);
    return { files: (data.files ?? []).flatMap((file) => file.id ?? []), nextPageToken: data.nextPageToken ?? undefined };
  }

  /** The file as a listing of changes reads it; undefined when Drive no longer has it, or has it in the trash. */
  async findFile(fileId: string): Promise<DriveFile | undefined> {
    try {
      const { data } = await this.provider.call((token, signal) =>
        this.api.files.get({ fileId, fields: `${FILE_FIELDS},trashed`, supportsAllDrives: true }, requestOptions(token, signal)),
      );
      return data.trashed ? undefined : fullFile(data);
    } catch (error) {
      if (error instanceof ProviderCallError && error.failure.kind === 'not_found') {
        return undefined;
      }
      throw error;
    }
  }

  async getFile(fileId: string): Promise<{ id: string; mimeType: string | undefined; trashed: boolean }> {
    const { data } = await this.provider.call((token, signal) =>
      this.api.files.get({ fileId, fields: 'id,mimeType,trashed', supportsAllDrives: true }, requestOptions(token, signal)),
    );
    return { id: data.id ?? fileId, mimeType: data.mimeType ?? undefined, trashed: data.trashed ?? false };
  }

  /** A Google Docs, Sheets or Slides file converted to `mimeType` (Google refuses exports above 10 MB). */
  exportFile(fileId: string, mimeType: string, maxBytes: number): Promise<Uint8Array> {
    return this.provider.call((token, signal) =>
      capped(maxBytes, async () => {
        const { data } = await this.api.files.export(
          { fileId, mimeType },
          { ...requestOptions(token, signal), responseType: 'arraybuffer', maxContentLength: maxBytes },
        );
        return bytesOf(data, maxBytes);
      }),
    );
  }

  download(fileId: string, maxBytes: number): Promise<Uint8Array> {
    return this.provider.call((token, signal) =>
      capped(maxBytes, async () => {
        const { data } = await this.api.files.get(
          { fileId, alt: 'media', supportsAllDrives: true },
          { ...requestOptions(token, signal), responseType: 'arraybuffer', maxContentLength: maxBytes },
        );
        return bytesOf(data, maxBytes);
      }),
    );
  }

  private async list(listing: DriveListing, pageToken: string | undefined, fields: string, orderBy: string | undefined, pageSize: number) {
    const { data } = await this.provider.call((token, signal) =>
      this.api.files.list(
        {
          q: listing.q,
          corpora: listing.corpora,
          driveId: listing.driveId,
          includeItemsFromAllDrives: true,
          supportsAllDrives: true,
          orderBy,
          pageSize,
          pageToken,
          fields,
        },
        requestOptions(token, signal),
      ),
    );
    return data;
  }
}

/** The session retries and renews tokens: the SDK's own retries stay off, and the token travels with each call. */
function requestOptions(token: string, signal: AbortSignal): MethodOptions {
  return { headers: { Authorization: `Bearer ${token}` }, retry: false, signal };
}

async function capped(maxBytes: number, download: () => Promise<Uint8Array>): Promise<Uint8Array> {
  try {
    return await download();
  } catch (error) {
    // The SDK's fetch reports a body beyond `maxContentLength` as an error without a status.
    if (error instanceof Error && !('status' in error && error.status) && /over (the )?limit/i.test(error.message)) {
      throw tooLarge(maxBytes);
    }
    throw error;
  }
}

function bytesOf(data: unknown, maxBytes: number): Uint8Array {
  const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : typeof data === 'string' ? Buffer.from(data, 'utf8') : undefined;
  if (!bytes) {
    throw new ProviderCallError({ kind: 'fatal', message: 'Google Drive answered a download without a body' });
  }
  if (bytes.byteLength > maxBytes) {
    throw tooLarge(maxBytes);
  }
  return bytes;
}

export const tooLarge = (maxBytes: number): ProviderCallError =>
  new ProviderCallError({ kind: 'fatal', message: `the file is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB` });

function fileVersion(file: drive_v3.Schema$File): DriveFileVersion | undefined {
  return file.id && file.modifiedTime ? { id: file.id, modifiedTime: file.modifiedTime } : undefined;
}

function fullFile(file: drive_v3.Schema$File): DriveFile | undefined {
  const version = fileVersion(file);
  if (!version || !file.mimeType) {
    return undefined;
  }
  const size = file.size ? Number(file.size) : undefined;
  return { ...version, name: file.name ?? version.id, mimeType: file.mimeType, webViewLink: file.webViewLink ?? undefined, size };
}
