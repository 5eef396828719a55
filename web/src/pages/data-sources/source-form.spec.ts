import { describe, expect, it } from 'vitest';
import { createSourceBody, fieldsBesideInputs, newSourceForm, sourceFormFrom, updateSourceBody } from '@/pages/data-sources/source-form';
import type { DataSource } from '@/pages/data-sources/source-status';

const WEBSITE: DataSource = {
  id: 'ds_1',
  type: 'website',
  name: 'Docs',
  config: { url: 'https://docs.test/guide/', max_pages: 50 },
  status: 'active',
  sync_frequency: 'daily',
  error: null,
  last_synced_at: null,
  created_at: '2025-03-01T12:00:00.000Z',
  updated_at: '2025-03-01T12:00:00.000Z',
};

describe('createSourceBody', () => {
  it('should send a website with its address, page limit and schedule, trimmed', () => {
    const values = { ...newSourceForm(), name: ' Docs ', url: ' https://docs.test/ ', maxPages: '20', syncFrequency: 'weekly' as const };
    expect(createSourceBody(values)).toEqual({ type: 'website', name: 'Docs', config: { url: 'https://docs.test/', max_pages: 20 }, sync_frequency: 'weekly' });
  });

  it('should leave the page limit to the service when it is empty', () => {
    expect(createSourceBody({ ...newSourceForm(), name: 'Docs', url: 'https://docs.test/' }).config).toEqual({ url: 'https://docs.test/' });
  });

  it('should send a connector with only its own settings, lists split and empty ones left out', () => {
    const values = newSourceForm();
    const typed = {
      ...values,
      type: 'confluence' as const,
      name: 'Wiki',
      url: 'ignored',
      connector: { ...values.connector, site_url: ' https://acme.atlassian.net ', space_keys: 'ENG, OPS\n', channel_ids: 'C0ENG' },
    };
    expect(createSourceBody(typed)).toEqual({
      type: 'confluence',
      name: 'Wiki',
      config: { site_url: 'https://acme.atlassian.net', space_keys: ['ENG', 'OPS'] },
      sync_frequency: 'manual',
    });
    expect(createSourceBody({ ...typed, type: 'slack' }).config).toEqual({ channel_ids: ['C0ENG'], include_threads: true });
  });

  it('should send a files source without config or schedule', () => {
    expect(createSourceBody({ ...newSourceForm(), type: 'file', name: 'Handbook', url: 'ignored' })).toEqual({
      type: 'file',
      name: 'Handbook',
      sync_frequency: 'manual',
    });
  });
});

describe('sourceFormFrom and updateSourceBody', () => {
  it('should edit a website source and send back its whole config', () => {
    const values = sourceFormFrom(WEBSITE);
    expect(values).toEqual({
      type: 'website',
      name: 'Docs',
      url: 'https://docs.test/guide/',
      maxPages: '50',
      syncFrequency: 'daily',
      connector: newSourceForm().connector,
    });
    expect(updateSourceBody({ ...values, maxPages: '' })).toEqual({ name: 'Docs', config: { url: 'https://docs.test/guide/' }, sync_frequency: 'daily' });
  });

  it('should only rename a files source', () => {
    const files: DataSource = { ...WEBSITE, type: 'file', config: {}, sync_frequency: 'manual' };
    expect(updateSourceBody({ ...sourceFormFrom(files), name: 'Renamed' })).toEqual({ name: 'Renamed' });
  });

  it('should edit a connector source with its settings as typed, and send them back whole', () => {
    const slack: DataSource = { ...WEBSITE, type: 'slack', config: { channel_ids: ['C0ENG', 'C0OPS'], include_threads: false } };
    const values = sourceFormFrom(slack);
    expect(values.type).toBe('slack');
    expect(values.connector).toMatchObject({ channel_ids: 'C0ENG\nC0OPS', include_threads: false });
    expect(updateSourceBody({ ...values, connector: { ...values.connector, channel_ids: 'C0ENG' } })).toEqual({
      name: 'Docs',
      config: { channel_ids: ['C0ENG'], include_threads: false },
      sync_frequency: 'daily',
    });
  });
});

describe('fieldsBesideInputs', () => {
  it('should name the fields whose reasons the form shows beside an input, so that none is said twice and none is lost', () => {
    expect(fieldsBesideInputs('website', true)).toEqual(['name', 'config.url', 'config', 'config.max_pages', 'sync_frequency']);
    expect(fieldsBesideInputs('file', false)).toEqual(['type', 'name']);
    expect(fieldsBesideInputs('confluence', true)).toEqual(['name', 'config.site_url', 'config.space_keys', 'config', 'sync_frequency']);
    // Slack has no address: a reason about its whole config is said under the form.
    expect(fieldsBesideInputs('slack', true)).not.toContain('config');
  });
});
