import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '@/api/client';
import { errorCode, errorMessage, type ApiErrorBody } from '@/api/errors';
import { TextAreaField } from '@/ui/fields';
import { FormActions } from '@/ui/form';
import { useNotice } from '@/ui/notice';
import { Section } from '@/ui/Page';
import { allowlistEntries, allowlistProblems, allowlistText, withAddress, type AllowlistEntry } from '@/pages/organization/allowlist';
import { ORGANIZATION_KEY, type Organization } from '@/pages/organization/organization-query';

/**
 * The addresses allowed to use the organization's API and to sign in (enterprise plan). A list that leaves
 * out the admin's own address is refused first (409 `would_lock_out`); they can then save it anyway.
 */
export function AllowlistEditor({ organization }: { organization: Organization }) {
  const queries = useQueryClient();
  const notice = useNotice();
  const [text, setText] = useState(allowlistText(organization.ip_allowlist));
  const [sent, setSent] = useState<AllowlistEntry[]>([]);
  const callerIp = $api.useQuery('get', '/api/auth/client').data?.ip;
  const save = $api.useMutation('put', '/api/v1/organization', {
    onSuccess: async (saved) => {
      notice(saved.ip_allowlist.length === 0 ? 'IP allowlist removed: any address may connect.' : 'IP allowlist saved.');
      await queries.invalidateQueries({ queryKey: ORGANIZATION_KEY });
    },
  });
  const send = (confirm: boolean) => {
    const entries = allowlistEntries(text);
    setSent(entries);
    save.mutate({ params: { query: confirm ? { confirm: 'true' } : {} }, body: { ip_allowlist: entries.map((entry) => entry.value) } });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };

  const code = errorCode(save.error);
  const details = (save.error as ApiErrorBody | null)?.error?.details as { ip_allowlist?: unknown; ip?: unknown } | undefined;
  const problems = code === 'invalid_request' ? allowlistProblems(details?.ip_allowlist, sent) : [];
  const enterprise = organization.plan === 'enterprise';
  return (
    <Section title="IP allowlist">
      <p>
        {organization.ip_allowlist.length === 0
          ? 'Any address may use the API and sign in.'
          : `Only these ${organization.ip_allowlist.length === 1 ? 'address' : 'addresses'} may use the API and sign in, with any key, token or session of the organization.`}
      </p>
      {enterprise ? null : <p className="warning">An IP allowlist needs the enterprise plan. This organization is on the {organization.plan} plan.</p>}
      <CallerAddress address={callerIp} onAdd={(address) => setText(withAddress(text, address))} />
      <form className="form" onSubmit={submit}>
        <TextAreaField
          label="Allowed addresses"
          rows={5}
          spellCheck={false}
          value={text}
          placeholder={'203.0.113.0/24\n2001:db8::/32'}
          hint="One IPv4 or IPv6 address or CIDR range per line, at most 100. Leave it empty to allow any address."
          error={problems.length > 0 ? problems.join('; ') : undefined}
          onChange={(event) => {
            setText(event.target.value);
            if (code === 'would_lock_out') {
              save.reset();
            }
          }}
        />
        {code === 'would_lock_out' ? (
          <LockOutWarning
            address={typeof details?.ip === 'string' ? details.ip : (callerIp ?? null)}
            busy={save.isPending}
            onConfirm={() => send(true)}
            onCancel={() => save.reset()}
          />
        ) : null}
        {code === 'plan_required' ? (
          <p className="error-note" role="alert">
            An IP allowlist needs the enterprise plan, and this organization is on the {organization.plan} plan. Ask the service&apos;s operator to change the
            plan. Removing an allowlist (an empty box) works on any plan.
          </p>
        ) : null}
        {save.error && problems.length === 0 && code !== 'would_lock_out' && code !== 'plan_required' ? (
          <p className="error-note" role="alert">
            {errorMessage(save.error)}
          </p>
        ) : null}
        {code === 'would_lock_out' ? null : <FormActions submitLabel="Save allowlist" busy={save.isPending} />}
      </form>
    </Section>
  );
}

/** `undefined` while the service is asked; `null` when it cannot tell. */
function CallerAddress({ address, onAdd }: { address: string | null | undefined; onAdd: (address: string) => void }) {
  if (address === undefined) {
    return null;
  }
  if (!address) {
    return <p className="muted small">The service cannot tell the address you are connecting from.</p>;
  }
  return (
    <p className="caller-address">
      <span>
        Your address, as the service sees it: <code>{address}</code>
      </span>{' '}
      <button type="button" className="btn small" onClick={() => onAdd(address)}>
        Add my address
      </button>
    </p>
  );
}

function LockOutWarning({ address, busy, onConfirm, onCancel }: { address: string | null; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <div className="lock-out warning" role="alert">
      <p>
        <strong>This list leaves out your own address{address ? <> ({address})</> : null}.</strong> Once saved, you can no longer use the console or the API
        from here: every request of yours would be refused. Only the service&apos;s operator could then remove the list, with its command line (
        <code>org:allowlist --clear</code>).
      </p>
      <p>Add your address, or save anyway if you are about to connect from an address in the list.</p>
      <div className="form-actions">
        <button type="button" className="btn danger" disabled={busy} onClick={onConfirm}>
          Save anyway
        </button>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
