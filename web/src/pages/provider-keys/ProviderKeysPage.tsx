import { Page } from '@/ui/Page';

export function ProviderKeysPage() {
  return <Page title="ProviderKeysPage">TODO</Page>;
}
