import type { OpenAPIV3 } from 'openapi-types';
import type { RawResponse } from '#test/utils/fuzz/http-exchange.js';
import { envelopeOf, type ApiDocument, type ApiOperation } from '#test/utils/fuzz/openapi.js';
import { validateAgainst } from '#test/utils/fuzz/schema-validator.js';

/**
 * Answers any operation may give without listing them: the document's error envelope names their codes
 * (`invalid_request`, `unauthorized`, `forbidden`, `not_found`, `method_not_allowed`, `payload_too_large`,
 * `unsupported_media_type`, `rate_limit_exceeded`), and the README promises them for malformed input of any
 * route (400, 413, 415). They must still come in the path's envelope.
 */
export const GLOBAL_STATUSES = [400, 401, 403, 404, 405, 413, 415, 429];

const REQUEST_ID = /^req_[0-9A-HJKMNP-TV-Z]{26}$/;

const mediaTypeOf = (response: RawResponse): string | undefined => response.headers['content-type']?.split(';')[0].trim().toLowerCase();

/** The documented answer for a status: its own entry, else its class (`4XX`), else `default`. */
function documentedResponse(operation: ApiOperation, status: number): OpenAPIV3.ResponseObject | undefined {
  return operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default;
}

/** The envelope schema a status not listed by the operation answers in, by the path's form. */
function globalSchemaOf(document: ApiDocument, operation: ApiOperation, status: number): OpenAPIV3.SchemaObject {
  const legacy = envelopeOf(operation.path) === 'legacy';
  if (status === 429) {
    return document.schema(legacy ? 'LegacyRateLimitErrorResponseDto' : 'RateLimitErrorResponseDto');
  }
  return document.schema(legacy ? 'LegacyErrorResponseDto' : 'ErrorResponseDto');
}

/**
 * What is wrong with an answer to `operation`, by the document and the contract's envelopes: a server
 * error, a status it does not document, a body its schema refuses (or a property it leaves out of the
 * schema), the wrong error envelope for the path, a missing request id. Empty when the answer is right.
 */
export function problemsOf(document: ApiDocument, operation: ApiOperation, response: RawResponse): string[] {
  const problems: string[] = [];
  const { status } = response;
  if (status >= 500) {
    problems.push(`answered ${status}: ${response.body.toString('utf8').slice(0, 500)}`);
  }
  const requestId = response.headers['x-request-id'];
  if (typeof requestId !== 'string' || !REQUEST_ID.test(requestId)) {
    problems.push(`X-Request-Id is ${JSON.stringify(requestId)}`);
  }
  if (response.jsonError) {
    problems.push(`the JSON body does not parse: ${response.jsonError}`);
  }

  const documented = documentedResponse(operation, status);
  if (!documented && !GLOBAL_STATUSES.includes(status)) {
    problems.push(`status ${status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`);
  }
  if (status === 204 && response.body.length > 0) {
    problems.push('204 with a body');
  }
  if (status >= 300 && status < 400 && !response.headers.location) {
    problems.push(`${status} without a Location`);
  }

  const mediaType = mediaTypeOf(response);
  if (documented?.content && response.body.length > 0) {
    const media = Object.entries(documented.content).find(([type]) => type === mediaType)?.[1];
    if (!media) {
      problems.push(`answered ${mediaType ?? 'no content type'}, documented ${Object.keys(documented.content).join(' or ')}`);
    } else if (media.schema && mediaType === 'application/json' && response.json !== undefined) {
      problems.push(...validateAgainst(document, media.schema, response.json, { response: true }).map((problem) => `body ${problem}`));
    }
  } else if (!documented && status >= 400) {
    if (mediaType !== 'application/json') {
      problems.push(`an undocumented ${status} answered ${mediaType ?? 'no content type'}, not the JSON error envelope`);
    } else {
      problems.push(
        ...validateAgainst(document, globalSchemaOf(document, operation, status), response.json, { response: true }).map((problem) => `body ${problem}`),
      );
    }
  }

  if (status >= 400 && mediaType === 'application/json' && typeof response.json === 'object' && response.json !== null) {
    problems.push(...envelopeProblems(operation, response, response.json as Record<string, unknown>));
  }
  return problems;
}

/** The versioned envelope carries the request id of the header and no status; the legacy one the status and no request id. */
function envelopeProblems(operation: ApiOperation, response: RawResponse, body: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const error = body.error as Record<string, unknown> | undefined;
  if (typeof error !== 'object' || error === null || typeof error.code !== 'string' || typeof error.message !== 'string' || error.message === '') {
    problems.push(`the error envelope lacks error.code or error.message: ${JSON.stringify(body).slice(0, 300)}`);
  }
  if (envelopeOf(operation.path) === 'legacy') {
    if (body.status !== response.status) {
      problems.push(`the legacy envelope says status ${JSON.stringify(body.status)}, the answer ${response.status}`);
    }
    if ('request_id' in body) {
      problems.push('the legacy envelope carries request_id');
    }
  } else {
    if (body.request_id !== response.headers['x-request-id']) {
      problems.push(`the versioned envelope says request_id ${JSON.stringify(body.request_id)}, the header ${String(response.headers['x-request-id'])}`);
    }
    if ('status' in body) {
      problems.push('the versioned envelope carries status');
    }
  }
  return problems;
}
