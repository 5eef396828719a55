import { Page } from '@/ui/Page';

export function WebhooksPage() {
  return <Page title="WebhooksPage">TODO</Page>;
}
