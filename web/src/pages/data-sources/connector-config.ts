import type { ConnectorType } from '@/pages/data-sources/source-status';

interface FieldBase {
  /** The key in the source's `config`, and in the API's field errors as `config.<key>`. */
  key: string;
  label: string;
  hint: string;
}

export interface TextConfigField extends FieldBase {
  kind: 'url';
  placeholder: string;
}

export interface ListConfigField extends FieldBase {
  kind: 'list';
  placeholder: string;
  /** What the source reads when the list is left empty, as the details of the source say it. */
  whenEmpty: string;
}

export interface BooleanConfigField extends FieldBase {
  kind: 'boolean';
  /** The service's own default, shown checked or not before anyone chooses. */
  initial: boolean;
}

export type ConnectorConfigField = TextConfigField | ListConfigField | BooleanConfigField;

const LIST_HINT = 'Separate them with commas or new lines.';

export const CONNECTOR_FIELDS: Record<ConnectorType, readonly ConnectorConfigField[]> = {
  confluence: [
    {
      kind: 'url',
      key: 'site_url',
      label: 'Confluence site',
      placeholder: 'https://acme.atlassian.net',
      hint: 'The address of your Atlassian site; the account you connect with must have access to it.',
    },
    {
      kind: 'list',
      key: 'space_keys',
      label: 'Space keys',
      placeholder: 'ENG, OPS',
      hint: `The spaces to read, by key. ${LIST_HINT} Empty reads every space the connected account can see.`,
      whenEmpty: 'Every space the connected account can see',
    },
  ],
  slack: [
    {
      kind: 'list',
      key: 'channel_ids',
      label: 'Channel IDs',
      placeholder: 'C0123ABCD',
      hint: `Public channels to read, by the ID at the end of a channel’s link (C…). ${LIST_HINT} Empty reads every public channel the app is a member of.`,
      whenEmpty: 'Every public channel the app is a member of',
    },
    {
      kind: 'boolean',
      key: 'include_threads',
      label: 'Include threads',
      hint: 'Index each thread, with its replies, as a document of its own.',
      initial: true,
    },
  ],
  google_drive: [
    {
      kind: 'list',
      key: 'folder_ids',
      label: 'Folder IDs',
      placeholder: '1a2B3c4D5e6F7g8H9i0J',
      hint: `Folders read with everything below them, by the ID at the end of a folder’s address. ${LIST_HINT}`,
      whenEmpty: 'None',
    },
    {
      kind: 'list',
      key: 'shared_drive_ids',
      label: 'Shared drive IDs',
      placeholder: '0AbCdEfGhIjKlUk9PVA',
      hint: `Shared drives read in full. ${LIST_HINT} With no folders and no shared drives, the connected account’s whole My Drive is read.`,
      whenEmpty: 'None',
    },
    {
      kind: 'boolean',
      key: 'include_shared_with_me',
      label: 'Include files shared with me',
      hint: 'Also read the files other people shared with the connected account.',
      initial: false,
    },
  ],
  sharepoint: [
    {
      kind: 'list',
      key: 'site_urls',
      label: 'Site addresses',
      placeholder: 'https://contoso.sharepoint.com/sites/eng',
      hint: `Sites whose document libraries are read. ${LIST_HINT} With no sites and no libraries, every site the connected account can search is read.`,
      whenEmpty: 'None',
    },
    {
      kind: 'list',
      key: 'drive_ids',
      label: 'Document library IDs',
      placeholder: 'b!kGq3Zf0AAEuXyl1nd2aLZ5sVYmA9',
      hint: `Libraries read directly, by their Microsoft Graph drive ID. ${LIST_HINT}`,
      whenEmpty: 'None',
    },
  ],
};

/** Every connector's settings as typed in the form, by config key: lists as one text, booleans as they are. */
export type ConnectorDraft = Record<string, string | boolean>;

const ALL_FIELDS = Object.values(CONNECTOR_FIELDS).flat();

function emptyValue(field: ConnectorConfigField): string | boolean {
  return field.kind === 'boolean' ? field.initial : '';
}

export function newConnectorDraft(): ConnectorDraft {
  return Object.fromEntries(ALL_FIELDS.map((field) => [field.key, emptyValue(field)]));
}

/** "ENG, OPS" or one per line: the distinct values, in the order typed. */
export function parseList(text: string): string[] {
  const values = text
    .split(/[,\n]/)
    .map((value) => value.trim())
    .filter((value) => value !== '');
  return [...new Set(values)];
}

function draftValue(field: ConnectorConfigField, value: unknown): string | boolean {
  switch (field.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? value : field.initial;
    case 'list':
      return Array.isArray(value) ? value.map(String).join('\n') : '';
    case 'url':
      return typeof value === 'string' ? value : '';
  }
}

/** A stored source's config as the form shows it; the other connectors' fields keep their empty values. */
export function connectorDraftFrom(type: ConnectorType, config: Record<string, unknown>): ConnectorDraft {
  return { ...newConnectorDraft(), ...Object.fromEntries(CONNECTOR_FIELDS[type].map((field) => [field.key, draftValue(field, config[field.key])])) };
}

/** The config the API takes: an empty list is left out, since the API reads "absent" as "everything". */
export function connectorConfig(type: ConnectorType, draft: ConnectorDraft): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const field of CONNECTOR_FIELDS[type]) {
    const value = draft[field.key];
    if (field.kind === 'boolean') {
      config[field.key] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value : '';
    if (field.kind === 'url') {
      config[field.key] = text.trim();
      continue;
    }
    const list = parseList(text);
    if (list.length > 0) {
      config[field.key] = list;
    }
  }
  return config;
}

/** The source's settings for its details: one line per field, lists joined, booleans as Yes or No. */
export function connectorSummary(type: ConnectorType, config: Record<string, unknown>): Array<{ label: string; value: string }> {
  return CONNECTOR_FIELDS[type].map((field) => {
    const value = config[field.key];
    switch (field.kind) {
      case 'boolean':
        return { label: field.label, value: (typeof value === 'boolean' ? value : field.initial) ? 'Yes' : 'No' };
      case 'list':
        return { label: field.label, value: Array.isArray(value) && value.length > 0 ? value.map(String).join(', ') : field.whenEmpty };
      case 'url':
        return { label: field.label, value: typeof value === 'string' ? value : '' };
    }
  });
}
