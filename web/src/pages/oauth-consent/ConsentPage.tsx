import { Page } from '@/ui/Page';

export function ConsentPage() {
  return <Page title="ConsentPage">TODO</Page>;
}
