import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

const NoticeContext = createContext<(message: string) => void>(() => undefined);

/** One polite live region for "Saved.", "Key revoked." and the like, read out by screen readers. */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState('');
  const notify = useCallback((next: string) => {
    setMessage('');
    window.setTimeout(() => setMessage(next), 50);
    window.setTimeout(() => setMessage((current) => (current === next ? '' : current)), 6000);
  }, []);
  return (
    <NoticeContext.Provider value={notify}>
      {children}
      <div className="notice" role="status" aria-live="polite">
        {message}
      </div>
    </NoticeContext.Provider>
  );
}

export function useNotice(): (message: string) => void {
  return useContext(NoticeContext);
}
