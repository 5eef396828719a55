import { SetMetadata } from '@nestjs/common';

export const READS_NO_BODY = 'http:reads-no-body';

/**
 * A route that takes the request itself (for its cookie or address) but reads nothing of its body: a body
 * with fields is refused as on any route without `@Body()`, instead of being ignored.
 */
export const ReadsNoBody = (): MethodDecorator => SetMetadata(READS_NO_BODY, true);
