import { Page } from '@/ui/Page';

export function InteractionsPage() {
  return <Page title="InteractionsPage">TODO</Page>;
}
