import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { exampleId } from '#src/common/ids/ids.js';
import { Optional, PaginationQueryDto, Trimmed, NoRepeats } from '#src/common/validation/validators.js';
import { KB_STATUSES, type KbStatus, type KbArticleEntity } from '#src/modules/kb/kb-article.entity.js';
import type { KbArticleVersionEntity } from '#src/modules/kb/kb-article-version.entity.js';

export const MAX_KB_CONTENT = 200_000;

const presence = (required: boolean, doc: ApiPropertyOptions): PropertyDecorator[] => (required ? [ApiProperty(doc)] : [ApiPropertyOptional(doc), Optional()]);

const KbField = {
  title: (required: boolean) =>
    applyDecorators(
      ...presence(required, { example: 'Resetting your password', maxLength: 300 }),
      Trimmed(),
      IsString(),
      MinLength(1, { message: 'title must not be empty' }),
      MaxLength(300),
    ),
  content: (required: boolean) =>
    applyDecorators(
      ...presence(required, { example: 'Open Settings, then Security…', maxLength: MAX_KB_CONTENT }),
      IsString(),
      Matches(/\S/, { message: 'content must not be empty or blank' }),
      MaxLength(MAX_KB_CONTENT),
    ),
  tags: () =>
    applyDecorators(
      ...presence(false, { type: [String], example: ['account', 'security'], default: [] }),
      Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? value.map((tag: unknown) => (typeof tag === 'string' ? tag.trim() : tag)) : value)),
      IsArray(),
      ArrayMaxSize(50),
      NoRepeats(),
      IsString({ each: true }),
      MinLength(1, { each: true, message: 'each tag must not be empty or blank' }),
      MaxLength(100, { each: true }),
    ),
  status: () =>
    applyDecorators(
      ...presence(false, {
        enum: KB_STATUSES,
        default: 'draft',
        description: 'Published articles are retrieved by the organization\u2019s agents; drafts never are.',
      }),
      IsIn(KB_STATUSES),
    ),
};

export class CreateKbArticleDto {
  @KbField.title(true)
  title: string;

  @KbField.content(true)
  content: string;

  @KbField.tags()
  tags?: string[];

  @KbField.status()
  status?: KbStatus;
}

export class UpdateKbArticleDto {
  @KbField.title(false)
  title?: string;

  @KbField.content(false)
  content?: string;

  @KbField.tags()
  tags?: string[];

  @KbField.status()
  status?: KbStatus;
}

export class ListKbArticlesQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ enum: KB_STATUSES })
  @Optional()
  @IsIn(KB_STATUSES)
  status?: KbStatus;
}

export class KbArticleResponseDto {
  @ApiProperty({ example: exampleId('kbArticle') })
  id: string;

  @ApiProperty()
  title: string;

  @ApiProperty()
  content: string;

  @ApiProperty({ type: [String] })
  tags: string[];

  @ApiProperty({ enum: KB_STATUSES })
  status: string;

  @ApiProperty({ type: 'integer', example: 1, description: 'Starts at 1; every update adds one.' })
  version: number;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class KbArticleListResponseDto {
  @ApiProperty({ type: [KbArticleResponseDto] })
  articles: KbArticleResponseDto[];

  @ApiProperty({ type: 'integer' })
  total: number;

  @ApiProperty({ type: 'integer' })
  limit: number;

  @ApiProperty({ type: 'integer' })
  offset: number;
}

export class KbArticleVersionResponseDto {
  @ApiProperty({ type: 'integer', example: 2 })
  version: number;

  @ApiProperty()
  title: string;

  @ApiProperty()
  content: string;

  @ApiProperty({ type: [String] })
  tags: string[];

  @ApiProperty({ enum: KB_STATUSES })
  status: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class KbArticleVersionListResponseDto {
  @ApiProperty({ example: exampleId('kbArticle') })
  article_id: string;

  @ApiProperty({ type: [KbArticleVersionResponseDto], description: 'Newest first.' })
  versions: KbArticleVersionResponseDto[];

  @ApiProperty({ type: 'integer' })
  total: number;

  @ApiProperty({ type: 'integer' })
  limit: number;

  @ApiProperty({ type: 'integer' })
  offset: number;
}

export function toKbArticleResponse(article: KbArticleEntity): KbArticleResponseDto {
  return {
    id: article.id,
    title: article.title,
    content: article.content,
    tags: article.tags,
    status: article.status,
    version: article.version,
    created_at: article.createdAt.toISOString(),
    updated_at: article.updatedAt.toISOString(),
  };
}

export function toKbVersionResponse(version: KbArticleVersionEntity): KbArticleVersionResponseDto {
  return {
    version: version.version,
    title: version.title,
    content: version.content,
    tags: version.tags,
    status: version.status,
    created_at: version.createdAt.toISOString(),
  };
}
