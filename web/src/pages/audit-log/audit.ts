import type { components } from '@/api/schema';
import { isDay } from '@/pages/interactions/filters';

export type AuditAction = components['schemas']['AuditEntryDto']['action'];
type ActorType = components['schemas']['AuditActorDto']['type'];

/** Every action the log records, in words (a Record, so a new action in the API fails the type check here). */
export const ACTION_LABELS: Record<AuditAction, string> = {
  'login.succeeded': 'Signed in',
  'login.failed': 'Sign-in failed',
  logout: 'Signed out',
  'session.revoked': 'Session ended',
  'sso.succeeded': 'Signed in with SSO',
  'sso.failed': 'SSO sign-in failed',
  'ip.blocked': 'Address blocked',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'api_key.rotated': 'API key rotated',
  'user.created': 'User created',
  'user.invited': 'User invited',
  'user.updated': 'User updated',
  'user.deleted': 'User deleted',
  'organization.updated': 'Organization updated',
  'oauth_client.created': 'OAuth application registered',
  'oauth_client.deleted': 'OAuth application deleted',
  'oauth_grant.revoked': 'OAuth access revoked',
  'data_source.connected': 'Data source connected',
  'data_source.disconnected': 'Data source disconnected',
  'webhook.created': 'Webhook created',
  'webhook.updated': 'Webhook updated',
  'webhook.deleted': 'Webhook deleted',
  'provider_key.created': 'Provider key added',
  'provider_key.deleted': 'Provider key deleted',
};

export const ACTOR_LABELS: Record<ActorType, string> = {
  user: 'User',
  api_key: 'API key',
  oauth_client: 'OAuth application',
  system: 'Operator',
  anonymous: 'Anonymous',
};

export interface AuditFilters {
  action?: AuditAction;
  /** First UTC day, YYYY-MM-DD. */
  start?: string;
  /** Last UTC day, YYYY-MM-DD. */
  end?: string;
}

function isAction(value: string | null): value is AuditAction {
  return value !== null && Object.hasOwn(ACTION_LABELS, value);
}

/** The filters in the page address (`?action=&start=&end=`), ignoring values the API would refuse; the page beside them is ui/paging's. */
export function filtersFromParams(params: URLSearchParams): AuditFilters {
  const action = params.get('action');
  const start = params.get('start');
  const end = params.get('end');
  return {
    ...(isAction(action) ? { action } : {}),
    ...(isDay(start) ? { start } : {}),
    ...(isDay(end) ? { end } : {}),
  };
}

/** A reason the filters cannot be sent, beside the field, before asking the API (a hand-edited link). */
export function filterProblems(filters: AuditFilters): { end?: string } {
  if (filters.start && filters.end && filters.end < filters.start) {
    return { end: 'The end date is before the start date.' };
  }
  return {};
}

/** The page address for some filters: only what is set, and no page (new filters start from the first one). */
export function paramsFromFilters(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.action) {
    params.set('action', filters.action);
  }
  if (filters.start) {
    params.set('start', filters.start);
  }
  if (filters.end) {
    params.set('end', filters.end);
  }
  return params;
}

/** The entry's details as a person reads them: one line per field, nested values as JSON. */
export function detailLines(details: Record<string, unknown>): Array<[string, string]> {
  return Object.entries(details).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value, null, 2)]);
}
