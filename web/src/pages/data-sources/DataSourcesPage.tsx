import { Page } from '@/ui/Page';

export function DataSourcesPage() {
  return <Page title="DataSourcesPage">TODO</Page>;
}
