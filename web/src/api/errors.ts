/** The versioned error envelope, `{error: {code, message, details}, request_id}`, or whatever came instead. */
export interface ApiErrorBody {
  error?: { code?: string; message?: string; details?: unknown };
  request_id?: string;
}

export function errorCode(error: unknown): string | undefined {
  return (error as ApiErrorBody | undefined)?.error?.code;
}

/** A sentence for a person: the API's own message, else a generic one (a network failure, a proxy's page). */
export function errorMessage(error: unknown): string {
  const body = error as ApiErrorBody | undefined;
  if (body?.error?.message) {
    return body.error.message;
  }
  if (error instanceof Error) {
    return error.message === 'Failed to fetch' ? 'The service could not be reached. Check your connection and try again.' : error.message;
  }
  return 'Something went wrong. Try again.';
}

/** The caller's role or credential does not allow it (403 `forbidden`), as opposed to a plan or address refusal. */
export function isForbidden(error: unknown): boolean {
  return errorCode(error) === 'forbidden';
}

/**
 * Whether asking again may get another answer: not when the API refused the request itself (400, a malformed
 * id) or has no such thing (404); a failure of the network, a limit or the service may pass.
 */
export function retryMayHelp(error: unknown): boolean {
  const code = errorCode(error);
  return code !== 'invalid_request' && code !== 'not_found';
}

export function requestIdOf(error: unknown): string | undefined {
  return (error as ApiErrorBody | undefined)?.request_id;
}

/** Reasons per field of a 400 (`details` is `{field: [reasons]}`), so a form can show them beside its inputs. */
export function fieldErrors(error: unknown): Record<string, string> {
  const details = (error as ApiErrorBody | undefined)?.error?.details;
  if (!details || typeof details !== 'object' || Array.isArray(details)) {
    return {};
  }
  return Object.fromEntries(
    Object.entries(details as Record<string, unknown>)
      .filter(([, reasons]) => Array.isArray(reasons))
      .map(([field, reasons]) => [field, (reasons as unknown[]).map(String).join('; ')]),
  );
}
