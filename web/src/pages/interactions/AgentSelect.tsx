import { $api } from '@/api/client';
import { SelectField } from '@/ui/fields';

/** The most agents the API lists at once; an organization with more picks among the first ones. */
const AGENT_LIMIT = 200;

/** The organization's agents by name, for filtering; its own loading or error never blocks the page. */
export function useAgentNames(): Map<string, string> {
  const agents = $api.useQuery('get', '/api/v1/agents', { params: { query: { limit: AGENT_LIMIT, offset: 0 } } });
  return new Map((agents.data?.agents ?? []).map((agent) => [agent.id, agent.name]));
}

export function AgentSelect({ value, onChange, names }: { value: string; onChange: (agentId: string) => void; names: Map<string, string> }) {
  const options = [{ value: '', label: 'All agents' }, ...[...names].map(([id, name]) => ({ value: id, label: name }))];
  if (value && !names.has(value)) {
    options.push({ value, label: value });
  }
  return <SelectField label="Agent" value={value} onChange={(event) => onChange(event.target.value)} options={options} />;
}
