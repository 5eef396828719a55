import type { InteractionPolicy, PolicyContext, ProviderContext } from '#src/modules/oauth/server/oidc-provider.types.js';

/**
 * An authorization parameter only the service sets: the client asked for `offline_access` without a prompt,
 * and OpenID Connect's rule that such a request must ask for consent was met on its behalf.
 */
export const IMPLIED_PROMPT = 'implied_prompt';

/**
 * OpenID Connect drops `offline_access` from an authorization that does not ask for consent explicitly, so a
 * client asking for a refresh token would silently get none: asking for offline access is taken as asking
 * for consent. A value the client sent itself is dropped first, so the marker always means the service's.
 */
export async function offlineAccessAsksConsent(ctx: ProviderContext, next: () => Promise<void>): Promise<void> {
  if (ctx.path.endsWith('/auth') && ctx.method === 'GET') {
    const { [IMPLIED_PROMPT]: _clientSent, ...query } = ctx.query;
    const { scope, prompt } = query;
    const implied = typeof scope === 'string' && scope.split(' ').includes('offline_access') && prompt === undefined;
    ctx.query = implied ? { ...query, prompt: 'consent', [IMPLIED_PROMPT]: 'consent' } : query;
  }
  await next();
}

/**
 * The library's policy, but a consent prompt the service implied (above) is not asked again of a person
 * whose grant to the client already holds every scope requested, `offline_access` included: consent is
 * remembered per client and scope set. A prompt the client asked for itself is always shown.
 */
export function consentOncePolicy(library: InteractionPolicy): unknown[] {
  const policy = library.base();
  const consent = policy.get('consent');
  // The library's own check is replaced, not added to: one it no longer has would make this policy wrong.
  if (!consent.checks.get('consent_prompt')) {
    throw new Error('oidc-provider no longer has the consent_prompt check this policy replaces');
  }
  consent.checks.remove('consent_prompt');
  consent.checks.add(
    new library.Check(
      'consent_prompt',
      'consent prompt was not resolved',
      'consent_required',
      (ctx: PolicyContext) => ctx.oidc.prompts.has('consent') && ctx.oidc.promptPending('consent') && ctx.oidc.params[IMPLIED_PROMPT] !== 'consent',
    ),
    0,
  );
  return policy;
}
