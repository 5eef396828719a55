import { Badge } from '@/ui/Badge';
import { awaitsConsent } from '@/pages/data-sources/connection';
import { statusLabel, statusTone, type SourceType } from '@/pages/data-sources/source-status';

export function SourceStatusBadge({ status, type }: { status: string; type?: SourceType }) {
  if (awaitsConsent(type, status)) {
    return <Badge tone="warn">Not connected</Badge>;
  }
  return <Badge tone={statusTone(status)}>{statusLabel(status)}</Badge>;
}
