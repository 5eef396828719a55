import { useState } from 'react';
import { $api } from '@/api/client';
import type { components } from '@/api/schema';
import { ActionsHeader } from '@/ui/ActionsHeader';
import { Badge } from '@/ui/Badge';
import { ConfirmMutationDialog } from '@/ui/ConfirmMutationDialog';
import { Section } from '@/ui/Page';
import { QueryView } from '@/ui/states';
import { Time } from '@/ui/Time';
import { formatDateTimeToSecond } from '@/ui/format';
import { summariseUserAgent } from '@/pages/account/user-agent';
import { TableWrap } from '@/ui/TableWrap';

type WebSession = components['schemas']['SessionResponseDto'];

const SESSIONS = ['get', '/api/auth/sessions'] as const;

/** The person's live web sessions; any other one can be signed out from here. */
export function SessionsSection() {
  const sessions = $api.useQuery(...SESSIONS);
  const [ending, setEnding] = useState<WebSession | undefined>();
  return (
    <Section title="Your sessions">
      <QueryView query={sessions} label="Loading your sessions…">
        {({ sessions: list }) => (
          <TableWrap label="Browsers signed in as you">
            <table className="table">
              <caption className="visually-hidden">Browsers signed in as you</caption>
              <thead>
                <tr>
                  <th scope="col">Device</th>
                  <th scope="col">Address</th>
                  <th scope="col">Signed in</th>
                  <th scope="col">Last seen</th>
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {list.map((session) => (
                  <tr key={session.id}>
                    <td>
                      <span title={session.user_agent ?? undefined}>{summariseUserAgent(session.user_agent)}</span>{' '}
                      {session.current ? <Badge tone="good">This device</Badge> : null}
                    </td>
                    <td>{session.ip ?? '–'}</td>
                    <td>
                      <Time value={session.created_at} />
                    </td>
                    <td>
                      <Time value={session.last_seen_at} />
                    </td>
                    <td>
                      {session.current ? null : (
                        <button
                          type="button"
                          className="btn small"
                          aria-label={`Sign out ${summariseUserAgent(session.user_agent)} (${session.ip ?? 'unknown address'}), signed in ${formatDateTimeToSecond(session.created_at)}`}
                          onClick={() => setEnding(session)}
                        >
                          Sign out
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        )}
      </QueryView>
      <EndSessionDialog session={ending} onClose={() => setEnding(undefined)} />
    </Section>
  );
}

function EndSessionDialog({ session, onClose }: { session: WebSession | undefined; onClose: () => void }) {
  const end = $api.useMutation('delete', '/api/auth/sessions/{id}');
  return (
    <ConfirmMutationDialog
      mutation={end}
      variables={session && { params: { path: { id: session.id } } }}
      invalidates={[SESSIONS]}
      notice="Session signed out."
      onClose={onClose}
      title="Sign out this session?"
      confirmLabel="Sign out"
    >
      {session ? (
        <p>
          {summariseUserAgent(session.user_agent)} at {session.ip ?? 'an unknown address'}, signed in <Time value={session.created_at} />, is signed out at once
          and has to sign in again.
        </p>
      ) : null}
    </ConfirmMutationDialog>
  );
}
