import { fieldErrors } from '@/api/errors';

/** Whether a refusal's reason already stands beside a field: one of `besideFields`, or any field when none are named. */
export function shownBesideFields(error: unknown, besideFields?: readonly string[]): boolean {
  const fields = Object.keys(fieldErrors(error));
  return besideFields ? fields.some((field) => besideFields.includes(field)) : fields.length > 0;
}
