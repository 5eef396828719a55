import { Badge } from '@/ui/Badge';
import { STATUS_LABELS, type ArticleStatus } from '@/pages/knowledge-base/article';

/** Published articles are what agents answer from, so they stand out; drafts stay neutral. */
export function ArticleStatusBadge({ status }: { status: ArticleStatus }) {
  return <Badge tone={status === 'published' ? 'good' : 'neutral'}>{STATUS_LABELS[status]}</Badge>;
}
