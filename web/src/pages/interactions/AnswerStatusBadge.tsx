import type { components } from '@/api/schema';
import { Badge } from '@/ui/Badge';

type Status = components['schemas']['InteractionResponseDto']['status'];

/** Marks an answer that is not there: one still being written, or one that failed. A completed one needs no mark. */
export function AnswerStatusBadge({ status }: { status: Status }) {
  if (status === 'pending') {
    return <Badge tone="info">Answering</Badge>;
  }
  if (status === 'failed') {
    return <Badge tone="bad">Failed</Badge>;
  }
  return null;
}
