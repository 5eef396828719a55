import type { Server } from 'node:http';
import request, { type Response } from 'supertest';
import { expect } from 'vitest';

export const TEST_PASSWORD = 'correct horse battery staple';
export const SESSION_COOKIE = /^service_session=(svcses_[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]+); Max-Age=604800; Path=\/; HttpOnly; Secure; SameSite=Lax$/;

/** A signed-in person, as a browser holds it: the cookie to send back, and the CSRF token for changes. */
export interface WebSession {
  cookie: string;
  csrf: string;
  body: Record<string, unknown>;
}

/** The `Cookie` header that sends back the session a response set. */
export function sessionCookieOf(response: Response): string {
  const header = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((value) => value.startsWith('service_session='));
  expect(header, 'a session cookie is set').toBeDefined();
  const match = SESSION_COOKIE.exec(header!);
  expect(match, header).not.toBeNull();
  return `service_session=${match![1]}`;
}

/** The session a successful sign-in response (login, invitation, reset) opened. */
export function webSessionOf(response: Response): WebSession {
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return { cookie: sessionCookieOf(response), csrf: response.body.csrf_token as string, body: response.body as Record<string, unknown> };
}

/** Accepts an invitation with a password, optionally as if from `forwardedFor` (through a trusted proxy). */
export async function acceptInvitation(http: Server, token: string, password = TEST_PASSWORD, forwardedFor?: string): Promise<WebSession> {
  const post = request(http).post('/api/auth/invitations/accept');
  if (forwardedFor) {
    post.set('X-Forwarded-For', forwardedFor);
  }
  return webSessionOf(await post.send({ token, password }));
}
