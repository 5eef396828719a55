import { useState } from 'react';
import { $api } from '@/api/client';
import type { components } from '@/api/schema';
import { ActionsHeader } from '@/ui/ActionsHeader';
import { Badge } from '@/ui/Badge';
import { ConfirmMutationDialog } from '@/ui/ConfirmMutationDialog';
import { Section } from '@/ui/Page';
import { Empty, QueryView } from '@/ui/states';
import { Time } from '@/ui/Time';
import { scopeSentence } from '@/pages/oauth-consent/scopes';
import { TableWrap } from '@/ui/TableWrap';

type Grant = components['schemas']['OAuthGrantResponseDto'];

const GRANTS = ['get', '/api/v1/oauth-grants'] as const;

/** Applications the person allowed to act for them (OAuth grants), each revocable. */
export function GrantsSection() {
  const grants = $api.useQuery(...GRANTS);
  const [revoking, setRevoking] = useState<Grant | undefined>();
  return (
    <Section title="Applications you allowed">
      <QueryView query={grants} label="Loading your applications…">
        {({ grants: list }) =>
          list.length === 0 ? (
            <Empty title="No applications act for you">
              <p>When you allow an application to use the service as you, it is listed here, and you can take its access back.</p>
            </Empty>
          ) : (
            <TableWrap label="Applications with access to your account">
              <table className="table">
                <caption className="visually-hidden">Applications with access to your account</caption>
                <thead>
                  <tr>
                    <th scope="col">Application</th>
                    <th scope="col">It may</th>
                    <th scope="col">Allowed</th>
                    <ActionsHeader />
                  </tr>
                </thead>
                <tbody>
                  {list.map((grant) => (
                    <tr key={grant.id}>
                      <td>{grant.client.name}</td>
                      <td>
                        <ul className="plain-list">
                          {grant.scopes.map((scope) => (
                            <li key={scope}>
                              <Badge>{scope}</Badge> <span className="small">{scopeSentence(scope)}</span>
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td>
                        <Time value={grant.created_at} />
                      </td>
                      <td>
                        <button type="button" className="btn small danger" aria-label={`Revoke ${grant.client.name}`} onClick={() => setRevoking(grant)}>
                          Revoke
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )
        }
      </QueryView>
      <RevokeGrantDialog grant={revoking} onClose={() => setRevoking(undefined)} />
    </Section>
  );
}

function RevokeGrantDialog({ grant, onClose }: { grant: Grant | undefined; onClose: () => void }) {
  const revoke = $api.useMutation('delete', '/api/v1/oauth-grants/{id}');
  return (
    <ConfirmMutationDialog
      mutation={revoke}
      variables={grant && { params: { path: { id: grant.id } } }}
      invalidates={[GRANTS]}
      notice="Access revoked."
      onClose={onClose}
      title={grant ? `Revoke ${grant.client.name}?` : 'Revoke'}
      confirmLabel="Revoke"
    >
      {grant ? (
        <p>{grant.client.name} stops acting for you: every token it holds stops working at once. To use it again, you will have to allow it again.</p>
      ) : null}
    </ConfirmMutationDialog>
  );
}
