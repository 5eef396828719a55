import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpException,
  Inject,
  Param,
  Post,
  Put,
  Query,
  UploadedFiles,
  UseInterceptors,
  type CallHandler,
  type NestInterceptor,
} from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import { ApiAcceptedResponse, ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { RequestOrigin } from '#src/common/http/request-origin.decorator.js';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Auth, Authenticated } from '#src/common/auth/auth.decorator.js';
import { Permission } from '#src/common/auth/permissions.js';
import { Accepts } from '#src/common/http/route-policy/accepts.decorator.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { IdParamDto } from '#src/common/validation/validators.js';
import { DataSourcesService } from '#src/modules/data-sources/data-sources.service.js';
import {
  CreateDataSourceDto,
  DataSourceListResponseDto,
  DataSourceResponseDto,
  DataSourceStatusResponseDto,
  DocumentListResponseDto,
  ListDocumentsQueryDto,
  toDocumentResponse,
  FilesAcceptedResponseDto,
  ListDataSourcesQueryDto,
  SyncAcceptedResponseDto,
  toDataSourceResponse,
  UpdateDataSourceDto,
} from '#src/modules/data-sources/dto/data-source.dto.js';
import { MAX_FILES_PER_UPLOAD } from '#src/modules/data-sources/upload.options.js';
import { RefuseTextFields } from '#src/modules/data-sources/refuse-text-fields.interceptor.js';
import { catchError, type Observable } from 'rxjs';

/** The multipart field files are uploaded in. */
const FILE_FIELD = 'file';

/**
 * multer names no field when a request holds more files than allowed; they are all in `file`, so the
 * refusal names it, as every validation error names the field at fault.
 */
class NameFileFieldInRefusals implements NestInterceptor {
  intercept(_context: unknown, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        const cause =
          error instanceof HttpException ? (error.cause as { name?: unknown; code?: unknown; field?: unknown; message?: unknown } | undefined) : undefined;
        if (cause?.name === 'MulterError' && cause.code === 'LIMIT_FILE_COUNT' && cause.field === undefined) {
          Object.assign(cause, { field: FILE_FIELD, message: `Too many files: at most ${MAX_FILES_PER_UPLOAD} per upload` });
        }
        throw error;
      }),
    );
  }
}

class DataSourceIdParam extends IdParamDto('dataSource') {}

/** The fields of a multer disk-storage file this controller reads. */
interface UploadedFile {
  originalname: string;
  path: string;
  size: number;
  mimetype: string;
}

@ApiTags('Data sources')
@Controller('api/v1/data-sources')
export class DataSourcesController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly service: DataSourcesService,
  ) {}

  private origin(requestOrigin: string): string {
    return this.config.http.publicUrl ?? requestOrigin;
  }

  @Get()
  @Authenticated(Permission.DataRead)
  @ApiOperation({
    summary: 'List data sources',
    description: 'Newest first; `status` filters (active, processing, failed, pending, and the connector statuses).',
  })
  @ApiOkResponse({ type: DataSourceListResponseDto })
  @ApiErrors([400])
  async list(@Auth() auth: AuthContext, @Query() query: ListDataSourcesQueryDto, @RequestOrigin() origin: string): Promise<DataSourceListResponseDto> {
    const { items, total } = await this.service.list(auth, query.status, query);
    return { data_sources: items.map((source) => toDataSourceResponse(source, this.origin(origin))), total, limit: query.limit, offset: query.offset };
  }

  @Post()
  @Authenticated(Permission.DataWrite)
  @ApiOperation({
    summary: 'Create a data source',
    description:
      'Answers `pending` and queues the first sync; a connector source (confluence, slack, google_drive, sharepoint) answers `pending` with its `authorize_url` and syncs once connected.',
  })
  @ApiCreatedResponse({ type: DataSourceResponseDto })
  @ApiErrors([400])
  async create(@Auth() auth: AuthContext, @Body() dto: CreateDataSourceDto, @RequestOrigin() origin: string): Promise<DataSourceResponseDto> {
    return toDataSourceResponse(await this.service.create(auth, dto), this.origin(origin));
  }

  @Get(':id')
  @Authenticated(Permission.DataRead)
  @ApiOperation({ summary: 'Get a data source' })
  @ApiOkResponse({ type: DataSourceResponseDto })
  @ApiErrors([400, 404])
  async get(@Auth() auth: AuthContext, @Param() { id }: DataSourceIdParam, @RequestOrigin() origin: string): Promise<DataSourceResponseDto> {
    return toDataSourceResponse(await this.service.get(auth, id), this.origin(origin));
  }

  @Put(':id')
  @Authenticated(Permission.DataWrite)
  @ApiOperation({ summary: 'Update a data source', description: 'A changed config queues a sync; the type cannot change.' })
  @ApiOkResponse({ type: DataSourceResponseDto })
  @ApiErrors([400, 404])
  async update(
    @Auth() auth: AuthContext,
    @Param() { id }: DataSourceIdParam,
    @Body() dto: UpdateDataSourceDto,
    @RequestOrigin() origin: string,
  ): Promise<DataSourceResponseDto> {
    return toDataSourceResponse(await this.service.update(auth, id, dto), this.origin(origin));
  }

  @Delete(':id')
  @HttpCode(204)
  @Authenticated(Permission.DataWrite)
  @ApiOperation({ summary: 'Delete a data source', description: 'Its documents, chunks and files go with it; agents stop referring to it.' })
  @ApiNoContentResponse()
  @ApiErrors([400, 404])
  async delete(@Auth() auth: AuthContext, @Param() { id }: DataSourceIdParam): Promise<void> {
    await this.service.delete(auth, id);
  }

  @Post(':id/sync')
  @HttpCode(202)
  @Authenticated(Permission.DataWrite)
  @ApiOperation({
    summary: 'Queue a sync',
    description:
      'While a sync is queued, further requests join it. A connector source awaiting its consent keeps its status: the job ends at once, failed, and the source\u2019s `error` says to connect it.',
  })
  @ApiAcceptedResponse({ type: SyncAcceptedResponseDto })
  @ApiErrors([400, 404])
  async sync(@Auth() auth: AuthContext, @Param() { id }: DataSourceIdParam): Promise<SyncAcceptedResponseDto> {
    const run = await this.service.requestSync(auth, id);
    return { job_id: run.id, data_source_id: id, status: 'queued' };
  }

  @Get(':id/status')
  @Authenticated(Permission.DataRead)
  @ApiOperation({ summary: 'Sync status and progress' })
  @ApiOkResponse({ type: DataSourceStatusResponseDto })
  @ApiErrors([400, 404])
  async status(@Auth() auth: AuthContext, @Param() { id }: DataSourceIdParam): Promise<DataSourceStatusResponseDto> {
    return this.service.status(auth, id);
  }

  @Get(':id/documents')
  @Authenticated(Permission.DataRead)
  @ApiOperation({
    summary: 'List a data source\u2019s documents',
    description: 'Pages or files, in the order of their address (URL or file name), with the reason for any that could not be indexed.',
  })
  @ApiOkResponse({ type: DocumentListResponseDto })
  @ApiErrors([400, 404])
  async documents(@Auth() auth: AuthContext, @Param() { id }: DataSourceIdParam, @Query() query: ListDocumentsQueryDto): Promise<DocumentListResponseDto> {
    const { items, total } = await this.service.documents(auth, id, query.status, query);
    return { documents: items.map(toDocumentResponse), total, limit: query.limit, offset: query.offset };
  }

  @Post(':id/files')
  @HttpCode(202)
  @Authenticated(Permission.DataWrite)
  @UseInterceptors(NameFileFieldInRefusals, FilesInterceptor(FILE_FIELD, MAX_FILES_PER_UPLOAD), new RefuseTextFields(FILE_FIELD))
  @ApiOperation({
    summary: 'Upload files to a file data source',
    description: `multipart/form-data, field \`file\` (repeatable, up to ${MAX_FILES_PER_UPLOAD} files of at most 50 MiB): PDF, DOCX, HTML, Markdown, text, CSV, JSON. A file with an existing name replaces it. Queues a sync.`,
  })
  @Accepts('multipart')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'array', items: { type: 'string', format: 'binary' } } } } })
  @ApiAcceptedResponse({ type: FilesAcceptedResponseDto })
  @ApiErrors([400, 404])
  async upload(
    @Auth() auth: AuthContext,
    @Param() { id }: DataSourceIdParam,
    @UploadedFiles() files: UploadedFile[] | undefined,
  ): Promise<FilesAcceptedResponseDto> {
    const { run, files: stored } = await this.service.upload(
      auth,
      id,
      (files ?? []).map((file) => ({ originalName: file.originalname, temporaryPath: file.path, size: file.size, contentType: file.mimetype || undefined })),
    );
    return { job_id: run.id, data_source_id: id, status: 'queued', files: stored };
  }
}
