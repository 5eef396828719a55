import { Page } from '@/ui/Page';

export function ForgotPasswordPage() {
  return <Page title="ForgotPasswordPage">TODO</Page>;
}
