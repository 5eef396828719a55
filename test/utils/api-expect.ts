import request from 'supertest';
import { expect } from 'vitest';

export const REQUEST_ID = /^req_[0-9A-HJKMNP-TV-Z]{26}$/;

/**
 * The versioned envelope `{"error": {"code", "message", "details"}, "request_id"}`, `details` an object on
 * every error (empty when there is nothing to add); with `fields`, each one must be named in it.
 */
export function expectVersionedError(response: request.Response, status: number, code: string, fields: string[] = []): void {
  expect({ status: response.status, body: response.body }).toMatchObject({ status, body: { error: { code } } });
  expect(typeof response.body.error.message).toBe('string');
  expect(response.body.error.message.length).toBeGreaterThan(0);
  expect(response.body.request_id).toMatch(REQUEST_ID);
  expect(response.headers['x-request-id']).toBe(response.body.request_id);
  expect(response.body).not.toHaveProperty('status');
  expect(Object.keys(response.body.error).sort()).toEqual(['code', 'details', 'message']);
  expect(typeof response.body.error.details).toBe('object');
  for (const field of fields) {
    expect(response.body.error.details, `details should name ${field}`).toHaveProperty([field]);
  }
}

/** The legacy envelope `{"error": {"code", "message"}, "status"}`. */
export function expectLegacyError(response: request.Response, status: number, code: string, fields: string[] = []): void {
  expect({ status: response.status, body: response.body }).toMatchObject({ status, body: { error: { code }, status } });
  expect(typeof response.body.error.message).toBe('string');
  expect(response.body.error.message.length).toBeGreaterThan(0);
  expect(response.body).not.toHaveProperty('request_id');
  for (const field of fields) {
    expect(response.body.error.details, `details should name ${field}`).toHaveProperty([field]);
  }
}

/** ISO 8601, UTC, millisecond precision. */
export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export const idOf = (prefix: string): RegExp => new RegExp(`^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`);

export interface PaginatedList {
  http: Parameters<typeof request>[0];
  /** The list path, possibly with a query string of filters. */
  path: string;
  key: string;
  /** The array field of the body (`users`, `articles`, `api_keys`, …). */
  field: string;
  /** How many items the list holds in all. */
  total: number;
  form?: 'versioned' | 'legacy';
}

/** The Limits constants: limit 1..200 (default 50), offset ≥ 0 (default 0); anything else is a 400 naming the parameter. */
export async function expectPaginationBounds(list: PaginatedList): Promise<void> {
  const get = (query: string): request.Test =>
    request(list.http)
      .get(`${list.path}${list.path.includes('?') ? '&' : '?'}${query}`)
      .set('Authorization', `Bearer ${list.key}`);
  const expectError = list.form === 'legacy' ? expectLegacyError : expectVersionedError;

  const byDefault = await request(list.http).get(list.path).set('Authorization', `Bearer ${list.key}`);
  expect(byDefault.status).toBe(200);
  expect(byDefault.body).toMatchObject({ total: list.total, limit: 50, offset: 0 });
  expect(byDefault.body[list.field]).toHaveLength(Math.min(50, list.total));

  const widest = await get('limit=200');
  expect(widest.status).toBe(200);
  expect(widest.body).toMatchObject({ total: list.total, limit: 200, offset: 0 });
  expect(widest.body[list.field]).toHaveLength(Math.min(200, list.total));

  const one = await get('limit=1&offset=1');
  expect(one.status).toBe(200);
  expect(one.body).toMatchObject({ total: list.total, limit: 1, offset: 1 });
  expect(one.body[list.field]).toHaveLength(list.total > 1 ? 1 : 0);

  for (const limit of ['0', '201', '-1', 'abc', '1.5', '', '1e2', '9999999999999999999999']) {
    expectError(await get(`limit=${limit}`), 400, 'invalid_request', ['limit']);
  }
  for (const offset of ['-1', 'abc', '0.5']) {
    expectError(await get(`offset=${offset}`), 400, 'invalid_request', ['offset']);
  }

  const pastTheEnd = await get(`offset=${list.total + 10}`);
  expect(pastTheEnd.status).toBe(200);
  expect(pastTheEnd.body).toMatchObject({ total: list.total, limit: 50, offset: list.total + 10 });
  expect(pastTheEnd.body[list.field]).toEqual([]);
}
