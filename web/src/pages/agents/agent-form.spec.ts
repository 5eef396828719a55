import { describe, expect, it } from 'vitest';
import { AGENT_DEFAULTS, agentFormFrom, createAgentBody, newAgentForm, numberOrUndefined, updateAgentBody, type Agent } from '@/pages/agents/agent-form';

const AGENT: Agent = {
  id: 'agt_1',
  name: 'Support',
  system_prompt: 'Be brief.',
  model: 'extractive',
  rag_strategy: 'keyword',
  temperature: 0.5,
  max_tokens: 800,
  status: 'active',
  data_source_ids: ['ds_1'],
  provider_key_id: null,
  created_at: '2025-03-01T12:00:00.000Z',
  updated_at: '2025-03-01T12:00:00.000Z',
};

describe('numberOrUndefined', () => {
  it('should read a typed number and leave an empty field undefined', () => {
    expect(numberOrUndefined(' 0.7 ')).toBe(0.7);
    expect(numberOrUndefined('0')).toBe(0);
    expect(numberOrUndefined('  ')).toBeUndefined();
  });
});

describe('createAgentBody', () => {
  it('should send a new agent with the defaults it shows and nothing for the fields left empty', () => {
    expect(createAgentBody({ ...newAgentForm(false), name: '  Support  ' })).toEqual({
      name: 'Support',
      system_prompt: null,
      model: 'extractive',
      rag_strategy: 'hybrid',
      data_source_ids: [],
    });
  });

  it('should send the numbers typed, and null for no provider key', () => {
    expect(createAgentBody({ ...newAgentForm(true), name: 'Support', temperature: '0', maxTokens: '512' })).toMatchObject({
      temperature: 0,
      max_tokens: 512,
      provider_key_id: null,
    });
  });
});

describe('updateAgentBody', () => {
  it('should send every field of an edited agent, and null to detach its provider key', () => {
    const values = { ...agentFormFrom(AGENT, true), temperature: '1.2', maxTokens: '2048' };
    expect(updateAgentBody(values)).toEqual({
      name: 'Support',
      system_prompt: 'Be brief.',
      model: 'extractive',
      rag_strategy: 'keyword',
      data_source_ids: ['ds_1'],
      temperature: 1.2,
      max_tokens: 2048,
      provider_key_id: null,
    });
  });

  it('should send the default for a number cleared, as an empty field means for a new agent', () => {
    const body = updateAgentBody({ ...agentFormFrom(AGENT, false), temperature: ' ', maxTokens: '' });
    expect(body).toMatchObject({ temperature: AGENT_DEFAULTS.temperature, max_tokens: AGENT_DEFAULTS.maxTokens });
  });

  it('should clear the instructions with null, and leave the provider key alone for those who cannot see keys', () => {
    const body = updateAgentBody({ ...agentFormFrom(AGENT, false), systemPrompt: '   ' });
    expect(body.system_prompt).toBeNull();
    expect(body).not.toHaveProperty('provider_key_id');
  });
});
