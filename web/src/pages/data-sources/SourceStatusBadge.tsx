import { Badge } from '@/ui/Badge';
import { statusLabel, statusTone } from '@/pages/data-sources/source-status';

export function SourceStatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTone(status)}>{statusLabel(status)}</Badge>;
}
