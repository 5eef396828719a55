import { Page } from '@/ui/Page';

export function SetPasswordPage({ purpose }: { purpose: 'invitation' | 'reset' }) {
  return <Page title={purpose}>TODO</Page>;
}
