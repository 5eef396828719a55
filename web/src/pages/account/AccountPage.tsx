import { Page } from '@/ui/Page';

export function AccountPage() {
  return <Page title="AccountPage">TODO</Page>;
}
