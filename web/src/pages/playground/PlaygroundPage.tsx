import { Page } from '@/ui/Page';

export function PlaygroundPage() {
  return <Page title="PlaygroundPage">TODO</Page>;
}
