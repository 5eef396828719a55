import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsString, IsUrl, Max, MaxLength, Min } from 'class-validator';
import { Optional } from '#src/common/validation/validators.js';

export const MAX_PAGES_LIMIT = 10_000;
export const DEFAULT_MAX_PAGES = 100;

/** `config` of a website source; validated separately from the body, since its shape depends on `type`. */
export class WebsiteConfigDto {
  @ApiProperty({ example: 'https://docs.acme.test/guide/', description: 'Start URL: the crawl stays on its host and under its path.' })
  @IsString()
  @MaxLength(2_048)
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false, allow_underscores: true }, { message: 'url must be an http(s) URL' })
  url: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGES_LIMIT, default: DEFAULT_MAX_PAGES })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGES_LIMIT)
  max_pages?: number;
}
