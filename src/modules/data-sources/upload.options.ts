import type { MulterModuleOptions } from '@nestjs/platform-express';
import type { AppConfig } from '#src/config/app-config.js';
import { MAX_TEXT_FIELD_BYTES, MAX_TEXT_FIELDS } from '#src/modules/data-sources/refuse-text-fields.interceptor.js';
import { temporaryUploads } from '#src/modules/data-sources/upload-storage.js';

export const MAX_FILE_BYTES = 50 * 1024 * 1024;
export const MAX_FILES_PER_UPLOAD = 20;

/** Uploads stream to a temporary folder on disk (never whole into memory), at most 50 MiB each. */
export function uploadOptions(config: AppConfig): MulterModuleOptions {
  return {
    storage: temporaryUploads(`${config.uploadDir}/.incoming`),
    // Files only: a text field is an unknown field, refused (400) naming it, as in every other body (RefuseTextFields).
    limits: {
      fileSize: MAX_FILE_BYTES,
      files: MAX_FILES_PER_UPLOAD,
      fields: MAX_TEXT_FIELDS,
      fieldSize: MAX_TEXT_FIELD_BYTES,
      parts: MAX_FILES_PER_UPLOAD + MAX_TEXT_FIELDS,
    },
    // File names arrive in UTF-8 from every current client; busboy's default would read them as Latin-1.
    defParamCharset: 'utf8',
  };
}
