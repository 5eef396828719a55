import { Page } from '@/ui/Page';

export function InteractionPage() {
  return <Page title="InteractionPage">TODO</Page>;
}
