import { Page } from '@/ui/Page';

export function AgentsPage() {
  return <Page title="AgentsPage">TODO</Page>;
}
