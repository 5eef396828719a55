import type { Capability } from '@/app/permissions';

export interface NavItem {
  to: string;
  label: string;
  /** Shown only to roles that have it; the page itself still handles a 403. */
  needs: Capability;
}

export const MAIN_NAV: readonly NavItem[] = [
  { to: '/agents', label: 'Agents', needs: 'read' },
  { to: '/data-sources', label: 'Data sources', needs: 'read' },
  { to: '/knowledge-base', label: 'Knowledge base', needs: 'read' },
  { to: '/playground', label: 'Playground', needs: 'ask' },
  { to: '/interactions', label: 'Interactions', needs: 'read' },
  { to: '/analytics', label: 'Analytics', needs: 'admin' },
];

export const SETTINGS_NAV: readonly NavItem[] = [
  { to: '/settings/api-keys', label: 'API keys', needs: 'read' },
  { to: '/settings/users', label: 'Users', needs: 'admin' },
  { to: '/settings/webhooks', label: 'Webhooks', needs: 'admin' },
  { to: '/settings/provider-keys', label: 'Provider keys', needs: 'admin' },
  { to: '/settings/oauth-clients', label: 'OAuth applications', needs: 'admin' },
  { to: '/settings/organization', label: 'Organization', needs: 'admin' },
  { to: '/settings/audit-log', label: 'Audit log', needs: 'admin' },
];
