import { Page } from '@/ui/Page';

export function AgentPage() {
  return <Page title="AgentPage">TODO</Page>;
}
