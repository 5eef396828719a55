import type { components } from '@/api/schema';
import type { DataSource, SyncFrequency } from '@/pages/data-sources/source-status';

type CreateBody = components['schemas']['CreateDataSourceDto'];
type UpdateBody = components['schemas']['UpdateDataSourceDto'];

/** The kinds of source the console creates (connector types are refused by the API until they ship). */
export type CreatableType = 'website' | 'file';

export const CREATABLE_TYPES: ReadonlyArray<{ value: CreatableType; label: string }> = [
  { value: 'website', label: 'Website: crawl pages from a start address' },
  { value: 'file', label: 'Files: upload documents' },
];

export interface SourceFormValues {
  type: CreatableType;
  name: string;
  url: string;
  /** As typed; empty leaves the page limit to the service. */
  maxPages: string;
  syncFrequency: SyncFrequency;
}

export function newSourceForm(): SourceFormValues {
  return { type: 'website', name: '', url: '', maxPages: '', syncFrequency: 'manual' };
}

export function sourceFormFrom(source: DataSource): SourceFormValues {
  const config = source.config;
  return {
    type: source.type === 'file' ? 'file' : 'website',
    name: source.name,
    url: typeof config.url === 'string' ? config.url : '',
    maxPages: typeof config.max_pages === 'number' ? String(config.max_pages) : '',
    syncFrequency: source.sync_frequency,
  };
}

function websiteConfig(values: SourceFormValues): Record<string, unknown> {
  const maxPages = values.maxPages.trim();
  return maxPages === '' ? { url: values.url.trim() } : { url: values.url.trim(), max_pages: Number(maxPages) };
}

/** A file source takes no config and nothing to re-fetch on a schedule. */
export function createSourceBody(values: SourceFormValues): CreateBody {
  if (values.type === 'file') {
    return { type: 'file', name: values.name.trim(), sync_frequency: 'manual' };
  }
  return { type: 'website', name: values.name.trim(), config: websiteConfig(values), sync_frequency: values.syncFrequency };
}

export function updateSourceBody(values: SourceFormValues): UpdateBody {
  if (values.type === 'file') {
    return { name: values.name.trim() };
  }
  return { name: values.name.trim(), config: websiteConfig(values), sync_frequency: values.syncFrequency };
}
