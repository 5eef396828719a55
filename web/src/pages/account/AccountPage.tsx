import { Link } from 'react-router';
import { can, ROLE_LABELS } from '@/app/permissions';
import { useSignedIn } from '@/app/session';
import { Badge } from '@/ui/Badge';
import { Page, Section } from '@/ui/Page';
import { Time } from '@/ui/Time';
import { GrantsSection } from '@/pages/account/GrantsSection';
import { SessionsSection } from '@/pages/account/SessionsSection';

/** Who you are, where you are signed in, and which applications act for you. */
export function AccountPage() {
  return (
    <Page title="Account" description="Your sign-in, your sessions and the applications you allowed.">
      <Profile />
      <SessionsSection />
      <GrantsSection />
    </Page>
  );
}

function Profile() {
  const { user, organization, expires_at } = useSignedIn();
  return (
    <Section title="You">
      <dl className="properties">
        <dt>Name</dt>
        <dd>{user.name || <span className="muted">Not set</span>}</dd>
        <dt>Email</dt>
        <dd>{user.email}</dd>
        <dt>Role</dt>
        <dd>{ROLE_LABELS[user.role]}</dd>
        <dt>Organization</dt>
        <dd>
          {organization.name} <Badge tone="info">{organization.plan}</Badge>
        </dd>
        <dt>This session ends</dt>
        <dd>
          <Time value={expires_at} /> <span className="muted small">unless you use the console before then</span>
        </dd>
      </dl>
      {can(user.role, 'admin') ? (
        <p className="muted small">
          Names, email addresses and roles are changed on the <Link to="/settings/users">Users</Link> page; another admin changes your role.
        </p>
      ) : (
        <p className="muted small">An admin of your organization changes names, email addresses and roles, on the Users page.</p>
      )}
    </Section>
  );
}
