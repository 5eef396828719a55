import { Page } from '@/ui/Page';

export function OrganizationPage() {
  return <Page title="OrganizationPage">TODO</Page>;
}
