import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '@/api/client';
import { fieldErrors } from '@/api/errors';
import { can } from '@/app/permissions';
import { useSignedIn } from '@/app/session';
import { Badge } from '@/ui/Badge';
import { TextField } from '@/ui/fields';
import { FormActions, FormError } from '@/ui/form';
import { useNotice } from '@/ui/notice';
import { Page, Section } from '@/ui/Page';
import { Forbidden, QueryView } from '@/ui/states';
import { Time } from '@/ui/Time';
import { AllowlistEditor } from '@/pages/organization/AllowlistEditor';
import { ORGANIZATION_KEY, type Organization } from '@/pages/organization/organization-query';
import { SsoStatus } from '@/pages/organization/SsoStatus';
import '@/pages/organization/organization.css';

/** The organization's name and plan, its IP allowlist, and (read only) its single sign-on. */
export function OrganizationPage() {
  const { user } = useSignedIn();
  if (!can(user.role, 'admin')) {
    return (
      <Page title="Organization">
        <Forbidden what="the organization's settings" />
      </Page>
    );
  }
  return <OrganizationSettings />;
}

function OrganizationSettings() {
  const organization = $api.useQuery(...ORGANIZATION_KEY);
  return (
    <Page title="Organization" description="Its name, its plan, who may reach it, and how its people sign in.">
      <QueryView query={organization} label="Loading the organization…">
        {(data) => (
          <>
            <GeneralSection organization={data} />
            <AllowlistEditor organization={data} />
            <SsoStatus sso={data.sso} />
          </>
        )}
      </QueryView>
    </Page>
  );
}

function GeneralSection({ organization }: { organization: Organization }) {
  const queries = useQueryClient();
  const notice = useNotice();
  const [name, setName] = useState(organization.name);
  const rename = $api.useMutation('put', '/api/v1/organization', {
    onSuccess: async () => {
      notice('Organization renamed.');
      // The top bar shows the name from the session.
      await Promise.all([queries.invalidateQueries({ queryKey: ORGANIZATION_KEY }), queries.invalidateQueries({ queryKey: ['session'] })]);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate({ body: { name: name.trim() } });
  };
  const fields = fieldErrors(rename.error);
  return (
    <Section title="General">
      <dl className="properties org-facts">
        <dt>Plan</dt>
        <dd>
          <Badge tone="info">{organization.plan}</Badge>
        </dd>
        <dt>Organization ID</dt>
        <dd>
          <code>{organization.id}</code>
        </dd>
        <dt>Created</dt>
        <dd>
          <Time value={organization.created_at} />
        </dd>
      </dl>
      <form className="form" onSubmit={submit}>
        <TextField label="Name" required maxLength={200} value={name} error={fields.name} onChange={(event) => setName(event.target.value)} />
        <FormError error={rename.error} besideFields={['name']} />
        <FormActions submitLabel="Save name" busy={rename.isPending} disabled={name.trim() === organization.name} />
      </form>
    </Section>
  );
}
