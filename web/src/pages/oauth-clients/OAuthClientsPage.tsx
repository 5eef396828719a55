import { Page } from '@/ui/Page';

export function OAuthClientsPage() {
  return <Page title="OAuthClientsPage">TODO</Page>;
}
