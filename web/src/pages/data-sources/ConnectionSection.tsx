import { useState, type MouseEvent } from 'react';
import { $api, sessionFetch } from '@/api/client';
import { ConfirmMutationDialog } from '@/ui/ConfirmMutationDialog';
import { Section } from '@/ui/Page';
import { ErrorNote } from '@/ui/states';
import { connectLabel, connectionSentence, type Connection } from '@/pages/data-sources/connection';
import { TYPE_LABELS, type ConnectorType, type DataSource } from '@/pages/data-sources/source-status';

/** Disconnecting changes the source, its status and its row in the list. */
const CHANGED_BY_DISCONNECT = [
  ['get', '/api/v1/data-sources'],
  ['get', '/api/v1/data-sources/{id}'],
  ['get', '/api/v1/data-sources/{id}/status'],
] as const;

function DisconnectButton({ source, provider }: { source: DataSource; provider: string }) {
  const [confirming, setConfirming] = useState(false);
  const disconnect = $api.useMutation('post', '/api/v1/data-sources/{id}/disconnect');
  return (
    <>
      <button type="button" className="btn danger" onClick={() => setConfirming(true)}>
        Disconnect
      </button>
      <ConfirmMutationDialog
        mutation={disconnect}
        variables={confirming ? { params: { path: { id: source.id } } } : undefined}
        invalidates={CHANGED_BY_DISCONNECT}
        notice={`“${source.name}” disconnected from ${provider}.`}
        onClose={() => setConfirming(false)}
        title={`Disconnect “${source.name}” from ${provider}?`}
        confirmLabel="Disconnect"
      >
        <p>
          The access granted at {provider} is revoked there where {provider} allows it, and the tokens kept here are deleted. Nothing more is synced until
          someone connects it again; the documents already indexed stay searchable.
        </p>
      </ConfirmMutationDialog>
    </>
  );
}

/**
 * "Connect" is a link to the source's `authorize_url`, which answers with a redirect to the provider. The
 * service may refuse instead (409: the provider is not configured on it; 403, 404), and a page of JSON is no
 * answer for a person: the address is asked first (on this origin, with the session), without following the
 * redirect, and the browser goes there itself only when it would be sent on. The consent that first request
 * started is never used, and expires.
 */
function ConnectLink({ href, label, onRefused }: { href: string; label: string; onRefused: (refusal: unknown) => void }) {
  const [busy, setBusy] = useState(false);
  const connect = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    if (busy) {
      return;
    }
    setBusy(true);
    onRefused(undefined);
    try {
      const { pathname, search } = new URL(href, window.location.origin);
      const response = await sessionFetch(`${pathname}${search}`, { redirect: 'manual', headers: { Accept: 'application/json' } });
      if (response.type === 'opaqueredirect' || response.ok) {
        window.location.assign(href);
        return;
      }
      onRefused((await response.json().catch(() => undefined)) ?? new Error(`The service answered HTTP ${response.status}.`));
    } catch (failure) {
      onRefused(failure);
    }
    setBusy(false);
  };
  return (
    <a className="btn primary" href={href} aria-disabled={busy || undefined} onClick={(event) => void connect(event)}>
      {label}
    </a>
  );
}

/**
 * A connector source reads from its provider with access a person grants there: the link takes them to the
 * provider's consent page (through the service, which starts the authorization), and they come back here.
 */
export function ConnectionSection({ source, type, connection, writer }: { source: DataSource; type: ConnectorType; connection: Connection; writer: boolean }) {
  const provider = TYPE_LABELS[type];
  const label = connectLabel(connection);
  const [refusal, setRefusal] = useState<unknown>();
  return (
    <Section title="Connection">
      <p>{connectionSentence(connection, provider)}</p>
      <p className="muted small">
        Connecting sends you to {provider}, where you grant this service read access to the content chosen in the settings. The service keeps the tokens{' '}
        {provider} gives it encrypted, and uses them only to sync; disconnecting revokes them at {provider} where it allows that, and deletes them here.
      </p>
      {writer ? (
        <div className="form-actions">
          {label && source.authorize_url ? <ConnectLink href={source.authorize_url} label={label} onRefused={setRefusal} /> : null}
          {connection === 'connected' ? <DisconnectButton source={source} provider={provider} /> : null}
        </div>
      ) : null}
      {writer && label ? <ErrorNote error={refusal} /> : null}
      {writer || connection === 'connected' ? null : <p className="muted small">Someone who can configure data sources can connect it.</p>}
    </Section>
  );
}
