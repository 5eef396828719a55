import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Auth, Authenticated } from '#src/common/auth/auth.decorator.js';
import { Permission } from '#src/common/auth/permissions.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { IdParamDto, PaginationQueryDto } from '#src/common/validation/validators.js';
import {
  CreateKbArticleDto,
  KbArticleListResponseDto,
  KbArticleResponseDto,
  KbArticleVersionListResponseDto,
  ListKbArticlesQueryDto,
  toKbArticleResponse,
  toKbVersionResponse,
  UpdateKbArticleDto,
} from '#src/modules/kb/dto/kb.dto.js';
import { KbService } from '#src/modules/kb/kb.service.js';

class KbIdParam extends IdParamDto('kbArticle') {}

@ApiTags('Knowledge base')
@Controller('api/v1/kb')
export class KbController {
  constructor(private readonly service: KbService) {}

  @Get()
  @Authenticated(Permission.KbRead)
  @ApiOperation({ summary: 'List knowledge base articles', description: 'Newest first; filter by status.' })
  @ApiOkResponse({ type: KbArticleListResponseDto })
  @ApiErrors([400])
  async list(@Auth() auth: AuthContext, @Query() query: ListKbArticlesQueryDto): Promise<KbArticleListResponseDto> {
    const { items, total } = await this.service.list(auth, query.status, query);
    return { articles: items.map(toKbArticleResponse), total, limit: query.limit, offset: query.offset };
  }

  @Post()
  @Authenticated(Permission.KbWrite)
  @ApiOperation({ summary: 'Create an article (version 1)' })
  @ApiCreatedResponse({ type: KbArticleResponseDto })
  @ApiErrors([400])
  async create(@Auth() auth: AuthContext, @Body() dto: CreateKbArticleDto): Promise<KbArticleResponseDto> {
    return toKbArticleResponse(await this.service.create(auth, dto));
  }

  @Get(':id')
  @Authenticated(Permission.KbRead)
  @ApiOperation({ summary: 'Get an article\u2019s current version' })
  @ApiOkResponse({ type: KbArticleResponseDto })
  @ApiErrors([400, 404])
  async get(@Auth() auth: AuthContext, @Param() { id }: KbIdParam): Promise<KbArticleResponseDto> {
    return toKbArticleResponse(await this.service.get(auth, id));
  }

  @Put(':id')
  @Authenticated(Permission.KbWrite)
  @ApiOperation({ summary: 'Update an article', description: 'Stores a new version; earlier versions stay readable.' })
  @ApiOkResponse({ type: KbArticleResponseDto })
  @ApiErrors([400, 404])
  async update(@Auth() auth: AuthContext, @Param() { id }: KbIdParam, @Body() dto: UpdateKbArticleDto): Promise<KbArticleResponseDto> {
    return toKbArticleResponse(await this.service.update(auth, id, dto));
  }

  @Get(':id/versions')
  @Authenticated(Permission.KbRead)
  @ApiOperation({ summary: 'List an article\u2019s versions', description: 'Newest first.' })
  @ApiOkResponse({ type: KbArticleVersionListResponseDto })
  @ApiErrors([400, 404])
  async versions(@Auth() auth: AuthContext, @Param() { id }: KbIdParam, @Query() page: PaginationQueryDto): Promise<KbArticleVersionListResponseDto> {
    const { items, total } = await this.service.versions(auth, id, page);
    return { article_id: id, versions: items.map(toKbVersionResponse), total, limit: page.limit, offset: page.offset };
  }

  @Delete(':id')
  @HttpCode(204)
  @Authenticated(Permission.KbWrite)
  @ApiOperation({ summary: 'Delete an article and its versions' })
  @ApiNoContentResponse()
  @ApiErrors([400, 404])
  async delete(@Auth() auth: AuthContext, @Param() { id }: KbIdParam): Promise<void> {
    await this.service.delete(auth, id);
  }
}
