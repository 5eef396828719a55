import { useEffect, type ReactNode } from 'react';

/** The frame of the pages a person sees before signing in (sign-in, invitation, reset, consent). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Agent Query Service`;
  }, [title]);
  return (
    <main className="auth-page">
      <div className="auth-card">
        <p className="brand">Agent Query Service</p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
