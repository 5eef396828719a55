import { sessionFetch } from '@/api/client';
import type { components } from '@/api/schema';

export type FilesAccepted = components['schemas']['FilesAcceptedResponseDto'];

/** The API's multipart field for uploaded files (repeatable). */
const FIELD = 'file';

/** Sends files as multipart/form-data; the browser sets the boundary, so no Content-Type header is given here. */
export async function uploadFiles(sourceId: string, files: readonly File[]): Promise<FilesAccepted> {
  const form = new FormData();
  for (const file of files) {
    form.append(FIELD, file, file.name);
  }
  const response = await sessionFetch(`/api/v1/data-sources/${encodeURIComponent(sourceId)}/files`, { method: 'POST', body: form });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    // The error envelope's fields (error.message, error.details) on an Error, as errorMessage and fieldErrors read them.
    throw Object.assign(new Error(`The upload failed (HTTP ${response.status}).`), body);
  }
  return body as FilesAccepted;
}
