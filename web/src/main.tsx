import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from '@/app/App';
import { SessionProvider } from '@/app/session';
import { NoticeProvider } from '@/ui/notice';
import '@/styles.css';

const queries = new QueryClient({
  defaultOptions: {
    queries: { retry: (count, error) => count < 2 && !(error as { error?: unknown }).error, staleTime: 10_000, refetchOnWindowFocus: false },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queries}>
      <SessionProvider>
        <NoticeProvider>
          <App />
        </NoticeProvider>
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>,
);
