import { Page } from '@/ui/Page';

export function UsersPage() {
  return <Page title="UsersPage">TODO</Page>;
}
