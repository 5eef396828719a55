import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { IsIn, IsObject, IsString, MaxLength, MinLength } from 'class-validator';
import { exampleId } from '#src/common/ids/ids.js';
import { CONNECTOR_CONFIG_DTOS } from '#src/modules/connectors/connector-registry.js';
import { isOAuthConnectorType } from '#src/modules/connectors/connector-types.js';
import { Optional, PaginationQueryDto, Trimmed } from '#src/common/validation/validators.js';
import type { DocumentEntity } from '#src/modules/data-sources/document.entity.js';
import {
  DATA_SOURCE_STATUSES,
  DATA_SOURCE_TYPES,
  SYNC_FREQUENCIES,
  type DataSourceEntity,
  type DataSourceType,
  type SyncFrequency,
} from '#src/modules/data-sources/data-source.entity.js';

/** `config` is validated by the source type's connector; the schema shows each type's shape. */
const CONFIG_SCHEMAS = CONNECTOR_CONFIG_DTOS.map((dto) => ({ $ref: getSchemaPath(dto) }));

@ApiExtraModels(...CONNECTOR_CONFIG_DTOS)
export class CreateDataSourceDto {
  @ApiProperty({
    enum: DATA_SOURCE_TYPES,
    description:
      'website (config: url, max_pages), file (no config, then upload), or a connector: confluence, slack, google_drive, sharepoint (created pending with an authorize_url).',
  })
  @IsIn(DATA_SOURCE_TYPES)
  type: DataSourceType;

  @ApiProperty({ example: 'Product documentation', maxLength: 200 })
  @Trimmed()
  @IsString()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(200)
  name: string;

  @ApiPropertyOptional({
    oneOf: CONFIG_SCHEMAS,
    example: { url: 'https://docs.acme.test/guide/', max_pages: 200 },
    description:
      'By type: website WebsiteConfigDto; file none; confluence ConfluenceConfigDto; slack SlackConfigDto; google_drive GoogleDriveConfigDto; sharepoint SharePointConfigDto. Unknown fields are refused.',
  })
  @Optional()
  @IsObject()
  config?: Record<string, unknown>;

  @ApiPropertyOptional({ enum: SYNC_FREQUENCIES, default: 'manual' })
  @Optional()
  @IsIn(SYNC_FREQUENCIES)
  sync_frequency?: SyncFrequency;
}

export class UpdateDataSourceDto {
  @ApiPropertyOptional({ example: 'Product documentation', maxLength: 200 })
  @Optional()
  @Trimmed()
  @IsString()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ oneOf: CONFIG_SCHEMAS, description: "Replaces the whole config (of the source's type); the next sync uses it." })
  @Optional()
  @IsObject()
  config?: Record<string, unknown>;

  @ApiPropertyOptional({ enum: SYNC_FREQUENCIES })
  @Optional()
  @IsIn(SYNC_FREQUENCIES)
  sync_frequency?: SyncFrequency;
}

export const STATUS_FILTERS = ['active', 'processing', 'failed', 'pending', 'Connected', 'Connection failed', 'Disconnected'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export class ListDataSourcesQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({
    enum: STATUS_FILTERS,
    description:
      '`active` also matches connector sources shown as `Connected`, and `failed` those shown as `Connection failed`; a connector status alone (`Connected`, `Connection failed`, `Disconnected`) matches only itself.',
  })
  @Optional()
  @IsIn(STATUS_FILTERS)
  status?: StatusFilter;
}

export class DataSourceResponseDto {
  @ApiProperty({ example: exampleId('dataSource') })
  id: string;

  @ApiProperty({ enum: DATA_SOURCE_TYPES })
  type: string;

  @ApiProperty({ example: 'Product documentation' })
  name: string;

  @ApiProperty({ type: 'object', additionalProperties: true, example: { url: 'https://docs.acme.test/guide/', max_pages: 100 } })
  config: Record<string, unknown>;

  @ApiProperty({ enum: SYNC_FREQUENCIES })
  sync_frequency: string;

  @ApiProperty({
    enum: DATA_SOURCE_STATUSES,
    example: 'pending',
    description:
      'pending, processing, active or failed; a connector source: pending (awaiting consent), Connected, processing, failed, Connection failed or Disconnected',
  })
  status: string;

  @ApiProperty({ type: String, nullable: true, description: 'Why the last sync failed.' })
  error: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_synced_at: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;

  @ApiPropertyOptional({
    example: 'https://agents.example.com/api/v1/data-sources/ds_01hv3k9m6q8r4t2w5y7z9b1c3d/connect',
    description: 'Connector sources only: where a person (signed in, with write access) is sent to grant access at the provider; again to reconnect.',
  })
  authorize_url?: string;
}

export class DataSourceListResponseDto {
  @ApiProperty({ type: [DataSourceResponseDto] })
  data_sources: DataSourceResponseDto[];

  @ApiProperty({ type: 'integer' })
  total: number;

  @ApiProperty({ type: 'integer' })
  limit: number;

  @ApiProperty({ type: 'integer' })
  offset: number;
}

export class SyncAcceptedResponseDto {
  @ApiProperty({ example: exampleId('job'), description: 'The sync run; several requests while one is queued share it.' })
  job_id: string;

  @ApiProperty({ example: exampleId('dataSource') })
  data_source_id: string;

  @ApiProperty({ example: 'queued', enum: ['queued'] })
  status: 'queued';
}

export class DataSourceStatusResponseDto {
  @ApiProperty({ enum: DATA_SOURCE_STATUSES, example: 'processing' })
  status: string;

  @ApiProperty({ type: 'integer', example: 1280, description: 'Chunks in the index for this source.' })
  chunks_indexed: number;

  @ApiProperty({ type: 'integer', example: 42, minimum: 0, maximum: 100 })
  progress_pct: number;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'From the rate observed so far (before one, the last sync\u2019s duration); never past while processing; null when not processing.',
  })
  estimated_completion: string | null;

  @ApiProperty({ type: String, nullable: true })
  error: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  last_synced_at: string | null;
}

export class UploadedFileDto {
  @ApiProperty({ example: 'handbook.pdf' })
  name: string;

  @ApiProperty({ type: 'integer', example: 482133 })
  size: number;

  @ApiProperty({ type: String, nullable: true, example: 'application/pdf' })
  content_type: string | null;

  @ApiProperty({ example: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' })
  sha256: string;
}

export class FilesAcceptedResponseDto extends SyncAcceptedResponseDto {
  @ApiProperty({ type: [UploadedFileDto] })
  files: UploadedFileDto[];
}

/** `origin`: where the service is reached (PUBLIC_URL, else the request's), for a connector source's authorize_url. */
export function toDataSourceResponse(source: DataSourceEntity, origin: string): DataSourceResponseDto {
  const response: DataSourceResponseDto = {
    id: source.id,
    type: source.type,
    name: source.name,
    config: source.config,
    sync_frequency: source.syncFrequency,
    status: source.status,
    error: source.error,
    last_synced_at: source.lastSyncedAt?.toISOString() ?? null,
    created_at: source.createdAt.toISOString(),
    updated_at: source.updatedAt.toISOString(),
  };
  if (isOAuthConnectorType(source.type)) {
    response.authorize_url = `${origin}/api/v1/data-sources/${source.id}/connect`;
  }
  return response;
}

/** The camelCase resource carried by datasource.* events; type and status upper-case there, as the contract shows. */
export function toDataSourceEvent(source: DataSourceEntity, status: string = source.status): Record<string, unknown> {
  return {
    id: source.id,
    name: source.name,
    type: source.type.toUpperCase(),
    status: status.toUpperCase(),
    config: camelCasedKeys(source.config),
    syncFrequency: source.syncFrequency,
    error: source.error,
    lastSyncedAt: source.lastSyncedAt?.toISOString() ?? null,
    createdAt: source.createdAt.toISOString(),
    updatedAt: source.updatedAt.toISOString(),
  };
}

function camelCasedKeys(config: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).map(([key, value]) => [key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase()), value]));
}

export const DOCUMENT_STATUSES = ['indexed', 'failed'] as const;

export class ListDocumentsQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ enum: DOCUMENT_STATUSES })
  @Optional()
  @IsIn(DOCUMENT_STATUSES)
  status?: (typeof DOCUMENT_STATUSES)[number];
}

export class DocumentResponseDto {
  @ApiProperty({ example: exampleId('document') })
  id: string;

  @ApiProperty({ example: 'https://docs.acme.test/guide/install', description: 'The page URL, or the uploaded file name.' })
  url: string;

  @ApiProperty({ example: 'Installation' })
  title: string;

  @ApiProperty({ enum: DOCUMENT_STATUSES })
  status: string;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'Why the document could not be indexed (an encrypted PDF, a page that failed).' })
  error: string | null;

  @ApiProperty({ type: 'integer', example: 12 })
  chunk_count: number;

  @ApiProperty({ type: 'integer', example: 4210 })
  token_count: number;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class DocumentListResponseDto {
  @ApiProperty({ type: [DocumentResponseDto] })
  documents: DocumentResponseDto[];

  @ApiProperty({ type: 'integer' })
  total: number;

  @ApiProperty({ type: 'integer' })
  limit: number;

  @ApiProperty({ type: 'integer' })
  offset: number;
}

export function toDocumentResponse(document: DocumentEntity): DocumentResponseDto {
  return {
    id: document.id,
    url: document.url,
    title: document.title,
    status: document.status,
    error: document.error,
    chunk_count: document.chunkCount,
    token_count: document.tokenCount,
    updated_at: document.updatedAt.toISOString(),
  };
}
