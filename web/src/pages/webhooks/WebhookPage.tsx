import { Page } from '@/ui/Page';

export function WebhookPage() {
  return <Page title="WebhookPage">TODO</Page>;
}
