import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { ChunkLoadError, RouteErrorBoundary } from '@/app/ErrorBoundary';
import { Layout } from '@/app/Layout';
import { AppError } from '@/app/PageError';
import { useSession } from '@/app/session';
import { AddressNotAllowed, SessionUnavailable } from '@/app/SessionStates';
import { NotFoundPage } from '@/app/NotFoundPage';
import { Loading } from '@/ui/states';

/**
 * Each area is its own chunk, loaded when first visited. One that cannot be loaded (a new version replaced
 * the build this page came from, or the service is out of reach) fails as a ChunkLoadError, which the error
 * boundaries explain.
 */
function page<K extends string, P extends object>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  return lazy(async () => {
    let module: Record<K, ComponentType<P>>;
    try {
      module = await load();
    } catch (error) {
      throw new ChunkLoadError(error);
    }
    return { default: module[name] };
  });
}

const SignInPage = page(() => import('@/pages/sign-in/SignInPage'), 'SignInPage');
const ForgotPasswordPage = page(() => import('@/pages/sign-in/ForgotPasswordPage'), 'ForgotPasswordPage');
const SetPasswordPage = page(() => import('@/pages/sign-in/SetPasswordPage'), 'SetPasswordPage');
const ConsentPage = page(() => import('@/pages/oauth-consent/ConsentPage'), 'ConsentPage');
const AgentsPage = page(() => import('@/pages/agents/AgentsPage'), 'AgentsPage');
const AgentPage = page(() => import('@/pages/agents/AgentPage'), 'AgentPage');
const DataSourcesPage = page(() => import('@/pages/data-sources/DataSourcesPage'), 'DataSourcesPage');
const DataSourcePage = page(() => import('@/pages/data-sources/DataSourcePage'), 'DataSourcePage');
const KnowledgeBasePage = page(() => import('@/pages/knowledge-base/KnowledgeBasePage'), 'KnowledgeBasePage');
const ArticlePage = page(() => import('@/pages/knowledge-base/ArticlePage'), 'ArticlePage');
const PlaygroundPage = page(() => import('@/pages/playground/PlaygroundPage'), 'PlaygroundPage');
const InteractionsPage = page(() => import('@/pages/interactions/InteractionsPage'), 'InteractionsPage');
const InteractionPage = page(() => import('@/pages/interactions/InteractionPage'), 'InteractionPage');
const AnalyticsPage = page(() => import('@/pages/analytics/AnalyticsPage'), 'AnalyticsPage');
const ApiKeysPage = page(() => import('@/pages/api-keys/ApiKeysPage'), 'ApiKeysPage');
const UsersPage = page(() => import('@/pages/users/UsersPage'), 'UsersPage');
const WebhooksPage = page(() => import('@/pages/webhooks/WebhooksPage'), 'WebhooksPage');
const WebhookPage = page(() => import('@/pages/webhooks/WebhookPage'), 'WebhookPage');
const ProviderKeysPage = page(() => import('@/pages/provider-keys/ProviderKeysPage'), 'ProviderKeysPage');
const OAuthClientsPage = page(() => import('@/pages/oauth-clients/OAuthClientsPage'), 'OAuthClientsPage');
const OrganizationPage = page(() => import('@/pages/organization/OrganizationPage'), 'OrganizationPage');
const AuditLogPage = page(() => import('@/pages/audit-log/AuditLogPage'), 'AuditLogPage');
const AccountPage = page(() => import('@/pages/account/AccountPage'), 'AccountPage');

/** Pages behind sign-in: someone signed out is sent to sign in, and comes back here afterwards. */
function RequireSession({ children }: { children: ReactNode }) {
  const { session, blocked, failure } = useSession();
  const location = useLocation();
  if (blocked) {
    return <AddressNotAllowed error={blocked} />;
  }
  if (session === undefined) {
    return failure ? <SessionUnavailable error={failure} /> : <Loading />;
  }
  if (session === null) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/sign-in?next=${encodeURIComponent(next)}`} replace />;
  }
  return <>{children}</>;
}

export function App() {
  return (
    <BrowserRouter>
      <RouteErrorBoundary fallback={(error) => <AppError error={error} />}>
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route path="/sign-in" element={<SignInPage />} />
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            <Route path="/invitation" element={<SetPasswordPage purpose="invitation" />} />
            <Route path="/reset-password" element={<SetPasswordPage purpose="reset" />} />
            <Route path="/oauth/interaction/:uid" element={<ConsentPage />} />
            <Route
              element={
                <RequireSession>
                  <Layout />
                </RequireSession>
              }
            >
              <Route index element={<Navigate to="/agents" replace />} />
              <Route path="/agents" element={<AgentsPage />} />
              <Route path="/agents/:id" element={<AgentPage />} />
              <Route path="/data-sources" element={<DataSourcesPage />} />
              <Route path="/data-sources/:id" element={<DataSourcePage />} />
              <Route path="/knowledge-base" element={<KnowledgeBasePage />} />
              <Route path="/knowledge-base/:id" element={<ArticlePage />} />
              <Route path="/playground" element={<PlaygroundPage />} />
              <Route path="/interactions" element={<InteractionsPage />} />
              <Route path="/interactions/:id" element={<InteractionPage />} />
              <Route path="/analytics" element={<AnalyticsPage />} />
              <Route path="/settings/api-keys" element={<ApiKeysPage />} />
              <Route path="/settings/users" element={<UsersPage />} />
              <Route path="/settings/webhooks" element={<WebhooksPage />} />
              <Route path="/settings/webhooks/:id" element={<WebhookPage />} />
              <Route path="/settings/provider-keys" element={<ProviderKeysPage />} />
              <Route path="/settings/oauth-clients" element={<OAuthClientsPage />} />
              <Route path="/settings/organization" element={<OrganizationPage />} />
              <Route path="/settings/audit-log" element={<AuditLogPage />} />
              <Route path="/account" element={<AccountPage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </BrowserRouter>
  );
}
