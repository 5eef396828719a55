import { createHmac } from 'node:crypto';
import { parse, serialize } from 'cookie';
import type { Request, Response } from 'express';
import { stringsEqual } from '#src/common/crypto/keyed-hash.js';

export const FLOW_COOKIE = 'service_sso_flow';
const FLOW_LIFETIME_SECONDS = 600;
const PATH = '/api/auth/oidc/';

/**
 * Where an OpenID sign-in keeps its `state`, `nonce` and PKCE verifier between the redirect to the provider
 * and the callback: a signed, HttpOnly cookie scoped to the callback path, living ten minutes. The
 * browser that started the sign-in is the only one that can finish it, on whichever instance, with no
 * server-side store. openid-client's Passport strategy reads and writes it as `req.session[key]`.
 */
export function flowSession(request: Request, response: Response, secret: string): Record<string, unknown> {
  const stored = readFlow(request, secret);
  return new Proxy<Record<string, unknown>>(
    {},
    {
      get: (_target, key) => (typeof key === 'string' && stored?.key === key ? stored.data : undefined),
      set: (_target, key, data: unknown) => {
        response.append(
          'Set-Cookie',
          flowCookie(signed({ key: String(key), data, expires: Date.now() + FLOW_LIFETIME_SECONDS * 1000 }, secret), FLOW_LIFETIME_SECONDS),
        );
        return true;
      },
      deleteProperty: () => {
        response.append('Set-Cookie', flowCookie('', 0));
        return true;
      },
    },
  );
}

interface Flow {
  key: string;
  data: unknown;
  expires: number;
}

function signed(flow: Flow, secret: string): string {
  const body = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${body}.${signature(body, secret)}`;
}

function readFlow(request: Request, secret: string): Flow | undefined {
  const value = request.headers.cookie ? parse(request.headers.cookie)[FLOW_COOKIE] : undefined;
  const dot = value?.lastIndexOf('.') ?? -1;
  if (!value || dot < 0 || !stringsEqual(value.slice(dot + 1), signature(value.slice(0, dot), secret))) {
    return undefined;
  }
  try {
    const flow = JSON.parse(Buffer.from(value.slice(0, dot), 'base64url').toString('utf8')) as Flow;
    return typeof flow.key === 'string' && typeof flow.expires === 'number' && flow.expires > Date.now() ? flow : undefined;
  } catch {
    return undefined;
  }
}

function signature(body: string, secret: string): string {
  return createHmac('sha256', secret).update(`sso-flow:${body}`).digest('base64url');
}

function flowCookie(value: string, maxAge: number): string {
  return serialize(FLOW_COOKIE, value, { httpOnly: true, secure: true, sameSite: 'lax', path: PATH, maxAge });
}
