import type { components } from '@/api/schema';
import { ROLE_LABELS } from '@/app/permissions';
import { Badge } from '@/ui/Badge';
import { Section } from '@/ui/Page';
import { Time } from '@/ui/Time';
import { TableWrap } from '@/ui/TableWrap';

type Sso = components['schemas']['OrganizationSsoDto'];

const CONNECTION_TYPES: Record<Sso['connections'][number]['type'], string> = { saml: 'SAML 2.0', oidc: 'OpenID Connect' };

/** Single sign-on as the operator configured it; nothing here changes it. */
export function SsoStatus({ sso }: { sso: Sso }) {
  return (
    <Section title="Single sign-on">
      <p className="muted small">
        The service&apos;s operator sets up single sign-on with its command line (<code>sso:add</code>, <code>org:domain</code>, <code>sso:enforce</code>
        ). Ask them to change it.
      </p>
      {sso.available ? null : (
        <p className="warning" role="note">
          Single sign-on needs the enterprise plan: on this plan nobody signs in by SSO, and passwords work for everyone. The settings below are kept.
        </p>
      )}
      <dl className="properties">
        <dt>Required</dt>
        <dd>
          {sso.enforced && sso.available ? (
            <>
              <Badge tone="warn">Yes</Badge> People of the verified domains sign in by SSO only.
            </>
          ) : (
            <>
              <Badge>No</Badge> Passwords work too.
            </>
          )}
        </dd>
        <dt>Role of new SSO users</dt>
        <dd>{ROLE_LABELS[sso.default_role]}</dd>
        <dt>Domains</dt>
        <dd>
          {sso.domains.length === 0 ? (
            <span className="muted">None</span>
          ) : (
            <ul className="plain-list">
              {sso.domains.map((domain) => (
                <li key={domain.domain}>
                  {domain.domain} {domain.verified ? <Badge tone="good">Verified</Badge> : <Badge tone="warn">Not verified</Badge>}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      {sso.connections.length === 0 ? (
        <p className="muted">No identity provider is connected.</p>
      ) : (
        <TableWrap label="Identity provider connections">
          <table className="table">
            <caption className="visually-hidden">Identity provider connections</caption>
            <thead>
              <tr>
                <th scope="col">Connection</th>
                <th scope="col">Protocol</th>
                <th scope="col">ID</th>
                <th scope="col">Added</th>
              </tr>
            </thead>
            <tbody>
              {sso.connections.map((connection) => (
                <tr key={connection.id}>
                  <td>{connection.name}</td>
                  <td>{CONNECTION_TYPES[connection.type]}</td>
                  <td>
                    <code>{connection.id}</code>
                  </td>
                  <td>
                    <Time value={connection.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </Section>
  );
}
