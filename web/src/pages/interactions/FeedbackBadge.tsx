import type { components } from '@/api/schema';
import { Badge } from '@/ui/Badge';

type Feedback = components['schemas']['InteractionResponseDto']['feedback'];

export function FeedbackBadge({ feedback }: { feedback: Feedback }) {
  if (feedback === 'positive') {
    return <Badge tone="good">Positive</Badge>;
  }
  if (feedback === 'negative') {
    return <Badge tone="bad">Negative</Badge>;
  }
  return <Badge>None</Badge>;
}
