import { useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { MAIN_NAV, SETTINGS_NAV, type NavItem } from '@/app/navigation';
import { can, ROLE_LABELS } from '@/app/permissions';
import { useSignedIn, useSession } from '@/app/session';

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

/** The signed-in shell: navigation (a menu on narrow screens), who is signed in, and the page. */
export function Layout() {
  const { user, organization } = useSignedIn();
  const { signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
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
        <span className="org" title={organization.id}>
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
            onClick={() => {
              void signOut().then(() => navigate('/sign-in'));
            }}
          >
            Sign out
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
        <Outlet />
      </main>
    </div>
  );
}
