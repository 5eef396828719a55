import { Page } from '@/ui/Page';

export function AnalyticsPage() {
  return <Page title="AnalyticsPage">TODO</Page>;
}
