import { useState, type ReactNode } from 'react';
import { can } from '@/app/permissions';
import { useSignedIn } from '@/app/session';
import { Page } from '@/ui/Page';
import { Forbidden } from '@/ui/states';

/**
 * A list only admins manage (API keys, users, webhooks…): admins get the list and a button that asks for a
 * new item; anyone else is told the page is not for their role.
 */
export function AdminListPage({
  title,
  description,
  what,
  createLabel,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** What the others may not see, e.g. "API keys". */
  what: string;
  createLabel: string;
  /** The list and its create dialog, open while `creating`. */
  children: (creating: boolean, setCreating: (creating: boolean) => void) => ReactNode;
}) {
  const { user } = useSignedIn();
  const [creating, setCreating] = useState(false);
  const admin = can(user.role, 'admin');
  return (
    <Page
      title={title}
      description={description}
      actions={
        admin ? (
          <button type="button" className="btn primary" onClick={() => setCreating(true)}>
            {createLabel}
          </button>
        ) : null
      }
    >
      {admin ? children(creating, setCreating) : <Forbidden what={what} />}
    </Page>
  );
}
