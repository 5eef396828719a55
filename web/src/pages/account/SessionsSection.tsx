import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { $api } from '@/api/client';
import type { components } from '@/api/schema';
import { Badge } from '@/ui/Badge';
import { ConfirmDialog } from '@/ui/Dialog';
import { useNotice } from '@/ui/notice';
import { Section } from '@/ui/Page';
import { ErrorNote, QueryView } from '@/ui/states';
import { Time } from '@/ui/Time';
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
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
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
                          aria-label={`Sign out ${summariseUserAgent(session.user_agent)} (${session.ip ?? 'unknown address'})`}
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
  const queries = useQueryClient();
  const notice = useNotice();
  const end = $api.useMutation('delete', '/api/auth/sessions/{id}', {
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: SESSIONS });
      notice('Session signed out.');
      onClose();
    },
  });
  const close = () => {
    end.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      title="Sign out this session?"
      open={session !== undefined}
      confirmLabel="Sign out"
      busy={end.isPending}
      onClose={close}
      onConfirm={() => session && end.mutate({ params: { path: { id: session.id } } })}
    >
      {session ? (
        <p>
          {summariseUserAgent(session.user_agent)} at {session.ip ?? 'an unknown address'}, signed in <Time value={session.created_at} />, is signed out at once
          and has to sign in again.
        </p>
      ) : null}
      <ErrorNote error={end.error} />
    </ConfirmDialog>
  );
}
