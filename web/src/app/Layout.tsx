import { useState, type ReactNode } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { errorMessage } from '@/api/errors';
import { RouteErrorBoundary } from '@/app/ErrorBoundary';
import { MAIN_NAV, SETTINGS_NAV, type NavItem } from '@/app/navigation';
import { PageError } from '@/app/PageError';
import { can, ROLE_LABELS } from '@/app/permissions';
import { useSignedIn, useSession } from '@/app/session';
import { sentence } from '@/pages/sign-in/sign-in';

function NavList({ items, label }: { items: readonly NavItem[]; label: string }) {
  const { user } = useSignedIn();
  const visible = items.filter((item) => can(user.role, item.needs));
  if (visible.length === 0) {
    return null;
  }
  return (
    <>
      <h2 className="nav-heading">{label}</h2>
      <ul>
        {visible.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to}>{item.label}</NavLink>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A message above the page that stays until dismissed or another page is opened. */
function ShellAlert({ children, onDismiss }: { children: ReactNode; onDismiss: () => void }) {
  return (
    <div className="shell-alert" role="alert">
      <p>{children}</p>
      <button type="button" className="btn small" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

/** The signed-in shell: navigation (a menu on narrow screens), who is signed in, and the page. */
export function Layout() {
  const { user, organization } = useSignedIn();
  const { signOut, refusal, dismissRefusal } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // Sign-out failed: the person is still signed in, here and on the service, and is told so on this page.
  const [signOutFailure, setSignOutFailure] = useState<{ error: unknown; on: string }>();
  const [signingOut, setSigningOut] = useState(false);
  const failedSignOut = signOutFailure?.on === location.pathname ? signOutFailure.error : undefined;
  const roleRefusal = refusal?.path === location.pathname ? refusal : undefined;
  // The narrow-screen menu is open on the page where it was opened; following a link closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | undefined>();
  const menuOpen = menuOpenOn === location.pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? location.pathname : undefined);

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <button type="button" className="btn ghost menu-button" aria-expanded={menuOpen} aria-controls="sidebar" onClick={() => setMenuOpen(!menuOpen)}>
          Menu
        </button>
        <span className="brand">Agent Query Service</span>
        <span className="org" title={`${organization.name} (${organization.id})`}>
          {organization.name}
        </span>
        <div className="account">
          <NavLink to="/account" className="account-link">
            {user.name || user.email}
            <span className="muted small"> · {ROLE_LABELS[user.role]}</span>
          </NavLink>
          <button
            type="button"
            className="btn ghost"
            disabled={signingOut}
            onClick={() => {
              setSigningOut(true);
              setSignOutFailure(undefined);
              void signOut().then((failure) => {
                setSigningOut(false);
                if (failure === undefined) {
                  void navigate('/sign-in');
                } else {
                  setSignOutFailure({ error: failure, on: location.pathname });
                }
              });
            }}
          >
            {signingOut ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      </header>
      <nav id="sidebar" className={menuOpen ? 'sidebar open' : 'sidebar'} aria-label="Main">
        <NavList items={MAIN_NAV} label="Workspace" />
        <NavList items={SETTINGS_NAV} label="Settings" />
        <h2 className="nav-heading">You</h2>
        <ul>
          <li>
            <NavLink to="/account">Account</NavLink>
          </li>
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        {failedSignOut ? (
          <ShellAlert onDismiss={() => setSignOutFailure(undefined)}>
            Sign-out failed: {sentence(errorMessage(failedSignOut))} You are still signed in. Try again.
          </ShellAlert>
        ) : null}
        {roleRefusal ? (
          <ShellAlert onDismiss={dismissRefusal}>
            Refused: {sentence(errorMessage(roleRefusal.error))} Your role is now {ROLE_LABELS[roleRefusal.role]}, and the console shows only what it allows.
          </ShellAlert>
        ) : null}
        <RouteErrorBoundary fallback={(error) => <PageError error={error} />}>
          <Outlet />
        </RouteErrorBoundary>
      </main>
    </div>
  );
}
