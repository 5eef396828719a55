import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** The scheme and host the request was made to (X-Forwarded-* only from TRUST_PROXY proxies): where to point links when PUBLIC_URL is unset. */
export const RequestOrigin = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const request = context.switchToHttp().getRequest<Request>();
  return `${request.protocol}://${request.get('host') ?? 'localhost'}`;
});
