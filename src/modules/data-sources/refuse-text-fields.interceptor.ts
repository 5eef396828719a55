import { rm } from 'node:fs/promises';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { AppError } from '#src/common/errors/app.error.js';

/** The text fields an upload may carry before it is refused whole; more are refused by multer, naming no field. */
export const MAX_TEXT_FIELDS = 20;
/** A text field is refused anyway: its value is read only this far. */
export const MAX_TEXT_FIELD_BYTES = 1_024;

/**
 * An upload takes files only. multer hands over the text fields it read, so that the refusal can name the field
 * at fault as every validation error does; the files of the refused request are removed from the disk.
 */
export class RefuseTextFields implements NestInterceptor {
  constructor(private readonly fileField: string) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const request = context.switchToHttp().getRequest<{ body?: Record<string, unknown>; files?: Array<{ path: string }> }>();
    const [field] = Object.keys(request.body ?? {});
    if (field !== undefined) {
      await Promise.all((request.files ?? []).map((file) => rm(file.path, { force: true })));
      const message = `${field} is not a file: an upload takes files only, in the multipart field "${this.fileField}"`;
      throw AppError.invalid(message, { [field]: [message] });
    }
    return next.handle();
  }
}
