import { Page } from '@/ui/Page';

export function DataSourcePage() {
  return <Page title="DataSourcePage">TODO</Page>;
}
