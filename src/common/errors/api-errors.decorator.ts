import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiServiceUnavailableResponse,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ErrorResponseDto, LegacyErrorResponseDto, TooManyAttemptsResponseDto } from '#src/common/errors/error-response.dto.js';

type DocumentedError = 400 | 401 | 403 | 404 | 409 | 429 | 503;

/** Documents the error responses a route can give, in the envelope of its path form. */
export function ApiErrors(statuses: DocumentedError[], form: 'versioned' | 'legacy' = 'versioned'): MethodDecorator & ClassDecorator {
  const type = form === 'legacy' ? LegacyErrorResponseDto : ErrorResponseDto;
  const decorators = {
    400: ApiBadRequestResponse({ description: 'Malformed JSON, unknown fields, wrong types, bad ids or values out of range', type }),
    401: ApiUnauthorizedResponse({ description: 'Wrong credentials, or a session that ended or expired', type }),
    403: ApiForbiddenResponse({ description: 'Refused: a CSRF check, a blocked address, or the plan', type }),
    404: ApiNotFoundResponse({ description: 'No such resource in the caller\u2019s organization', type }),
    409: ApiConflictResponse({ description: 'Conflicts with the current state of the resource', type }),
    429: ApiTooManyRequestsResponse({ description: 'Too many attempts: wait for Retry-After', type: form === 'legacy' ? type : TooManyAttemptsResponseDto }),
    503: ApiServiceUnavailableResponse({
      description:
        'Not available now: a setting the deployment lacks (the message names it), a dependency down or turning requests away (see Retry-After), or a model provider that failed, timed out or refused the key (the message names it)',
      type,
    }),
  };
  return applyDecorators(...statuses.map((status) => decorators[status]));
}
