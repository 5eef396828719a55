import { Badge } from '@/ui/Badge';
import type { AgentStatus } from '@/pages/agents/agent-form';

export function AgentStatusBadge({ status }: { status: AgentStatus }) {
  return status === 'active' ? <Badge tone="good">Active</Badge> : <Badge tone="warn">Disabled</Badge>;
}
