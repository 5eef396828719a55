import { describe, expect, it } from 'vitest';
import { connectorConfig, connectorDraftFrom, connectorSummary, newConnectorDraft, parseList } from '@/pages/data-sources/connector-config';

describe('parseList', () => {
  it('should split on commas and new lines, trim, and drop empty and repeated values', () => {
    expect(parseList(' C0ENG, C0OPS\n\nC0ENG ,\r\nC0DEV ')).toEqual(['C0ENG', 'C0OPS', 'C0DEV']);
    expect(parseList(' , \n')).toEqual([]);
  });
});

describe('connectorConfig', () => {
  it('should start from the service defaults for booleans', () => {
    expect(connectorConfig('slack', newConnectorDraft())).toEqual({ include_threads: true });
    expect(connectorConfig('google_drive', newConnectorDraft())).toEqual({ include_shared_with_me: false });
  });

  it('should send lists as arrays and leave empty ones out, so the service reads everything', () => {
    const draft = { ...newConnectorDraft(), site_urls: 'https://contoso.sharepoint.com/sites/eng\nhttps://contoso.sharepoint.com/sites/ops', drive_ids: '  ' };
    expect(connectorConfig('sharepoint', draft)).toEqual({
      site_urls: ['https://contoso.sharepoint.com/sites/eng', 'https://contoso.sharepoint.com/sites/ops'],
    });
  });

  it('should always send the Confluence site, trimmed, even empty (the service says it is required)', () => {
    expect(connectorConfig('confluence', newConnectorDraft())).toEqual({ site_url: '' });
  });
});

describe('connectorDraftFrom', () => {
  it('should show a stored config in the form, one list value per line, and keep defaults for what it lacks', () => {
    const draft = connectorDraftFrom('google_drive', { folder_ids: ['f1', 'f2'], include_shared_with_me: true });
    expect(draft).toMatchObject({ folder_ids: 'f1\nf2', shared_drive_ids: '', include_shared_with_me: true, include_threads: true });
    expect(connectorConfig('google_drive', draft)).toEqual({ folder_ids: ['f1', 'f2'], include_shared_with_me: true });
  });
});

describe('connectorSummary', () => {
  it('should list every setting, saying what an empty list means', () => {
    expect(connectorSummary('slack', { channel_ids: ['C0ENG', 'C0OPS'] })).toEqual([
      { label: 'Channel IDs', value: 'C0ENG, C0OPS' },
      { label: 'Include threads', value: 'Yes' },
    ]);
    expect(connectorSummary('confluence', { site_url: 'https://acme.atlassian.net' })).toEqual([
      { label: 'Confluence site', value: 'https://acme.atlassian.net' },
      { label: 'Space keys', value: 'Every space the connected account can see' },
    ]);
  });
});
