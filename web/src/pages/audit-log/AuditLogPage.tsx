import { Page } from '@/ui/Page';

export function AuditLogPage() {
  return <Page title="AuditLogPage">TODO</Page>;
}
