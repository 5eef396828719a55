import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiConsumes } from '@nestjs/swagger';

export const ACCEPTED_BODIES = 'http:accepts';

export type BodyType = 'json' | 'multipart' | 'form';

/** The media types of each body type; the first is the one named to a client that sent something else. */
export const MEDIA_TYPES: Record<BodyType, readonly string[]> = {
  json: ['application/json', 'application/*+json'],
  multipart: ['multipart/form-data'],
  form: ['application/x-www-form-urlencoded'],
};

/** What a route takes when it says nothing. */
export const DEFAULT_BODY_TYPES: readonly BodyType[] = ['json'];

/**
 * The body types a route (or every route of a controller) accepts, in place of JSON: a request with a body
 * of any other type is refused with a 415 before authentication, and only these types are parsed. The
 * OpenAPI document lists the same media types, so the contract and the enforcement cannot disagree.
 */
export function Accepts(...types: [BodyType, ...BodyType[]]): ClassDecorator & MethodDecorator {
  return applyDecorators(SetMetadata(ACCEPTED_BODIES, types), ApiConsumes(...types.map((type) => MEDIA_TYPES[type][0])));
}
