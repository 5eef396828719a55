import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { expect } from 'vitest';
import type { FakeProvider } from '#test/fakes/fake-provider.js';
import { bearer } from '#test/utils/factories.js';

/**
 * Connects a source as a person would: opens its authorize_url (with `key`), approves at the fake
 * provider, and follows the provider's redirect to the service's callback; answers the callback's response.
 */
export async function completeConsent(
  http: ReturnType<INestApplication['getHttpServer']>,
  key: string,
  authorizeUrl: string,
  fake: FakeProvider,
): Promise<request.Response> {
  const connect = await request(http)
    .get(new URL(authorizeUrl).pathname)
    .set(...bearer(key));
  expect(connect.status, connect.text).toBe(302);
  const callback = new URL(await fake.approve(connect.headers.location));
  return request(http).get(`${callback.pathname}${callback.search}`);
}
