import type { components } from '@/api/schema';
import { CONNECTOR_FIELDS, connectorConfig, connectorDraftFrom, newConnectorDraft, type ConnectorDraft } from '@/pages/data-sources/connector-config';
import { isConnector, type DataSource, type SourceType, type SyncFrequency } from '@/pages/data-sources/source-status';

type CreateBody = components['schemas']['CreateDataSourceDto'];
type UpdateBody = components['schemas']['UpdateDataSourceDto'];

export const CREATABLE_TYPES: ReadonlyArray<{ value: SourceType; label: string }> = [
  { value: 'website', label: 'Website: crawl pages from a start address' },
  { value: 'file', label: 'Files: upload documents' },
  { value: 'confluence', label: 'Confluence: pages from Confluence Cloud spaces' },
  { value: 'slack', label: 'Slack: messages from public channels' },
  { value: 'google_drive', label: 'Google Drive: files from folders and shared drives' },
  { value: 'sharepoint', label: 'SharePoint: files from sites and document libraries' },
];

export interface SourceFormValues {
  type: SourceType;
  name: string;
  url: string;
  /** As typed; empty leaves the page limit to the service. */
  maxPages: string;
  syncFrequency: SyncFrequency;
  /** The connector settings, kept for every connector while the type is being chosen. */
  connector: ConnectorDraft;
}

export function newSourceForm(): SourceFormValues {
  return { type: 'website', name: '', url: '', maxPages: '', syncFrequency: 'manual', connector: newConnectorDraft() };
}

export function sourceFormFrom(source: DataSource): SourceFormValues {
  const config = source.config;
  return {
    type: source.type,
    name: source.name,
    url: typeof config.url === 'string' ? config.url : '',
    maxPages: typeof config.max_pages === 'number' ? String(config.max_pages) : '',
    syncFrequency: source.sync_frequency,
    connector: isConnector(source.type) ? connectorDraftFrom(source.type, config) : newConnectorDraft(),
  };
}

function websiteConfig(values: SourceFormValues): Record<string, unknown> {
  const maxPages = values.maxPages.trim();
  return maxPages === '' ? { url: values.url.trim() } : { url: values.url.trim(), max_pages: Number(maxPages) };
}

function configOf(values: SourceFormValues): Record<string, unknown> {
  return isConnector(values.type) ? connectorConfig(values.type, values.connector) : websiteConfig(values);
}

/** A file source takes no config and nothing to re-fetch on a schedule. */
export function createSourceBody(values: SourceFormValues): CreateBody {
  if (values.type === 'file') {
    return { type: 'file', name: values.name.trim(), sync_frequency: 'manual' };
  }
  return { type: values.type, name: values.name.trim(), config: configOf(values), sync_frequency: values.syncFrequency };
}

export function updateSourceBody(values: SourceFormValues): UpdateBody {
  if (values.type === 'file') {
    return { name: values.name.trim() };
  }
  return { name: values.name.trim(), config: configOf(values), sync_frequency: values.syncFrequency };
}

/**
 * The fields of the API's reasons that the form shows beside an input, for a source of `type` (the type
 * itself only while it is chosen): anything else is said under the form. A reason about the whole `config`
 * stands beside its address, where the form has one.
 */
export function fieldsBesideInputs(type: SourceType, typeFixed: boolean): string[] {
  const fields = typeFixed ? ['name'] : ['type', 'name'];
  if (type === 'website') {
    return [...fields, 'config.url', 'config', 'config.max_pages', 'sync_frequency'];
  }
  if (isConnector(type)) {
    const settings = CONNECTOR_FIELDS[type];
    const config = settings.some((field) => field.kind === 'url') ? ['config'] : [];
    return [...fields, ...settings.map((field) => `config.${field.key}`), ...config, 'sync_frequency'];
  }
  return fields;
}
