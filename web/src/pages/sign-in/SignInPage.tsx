import { Page } from '@/ui/Page';

export function SignInPage() {
  return <Page title="SignInPage">TODO</Page>;
}
