import { Page } from '@/ui/Page';

export function ApiKeysPage() {
  return <Page title="ApiKeysPage">TODO</Page>;
}
