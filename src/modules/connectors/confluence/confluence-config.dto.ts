import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayNotEmpty, IsArray, IsString, IsUrl, Matches, MaxLength } from 'class-validator';
import { Optional } from '#src/common/validation/validators.js';

export const MAX_SPACE_KEYS = 100;

/** A global space key (ENG) or a personal one (~ and the owner's account id). */
export const SPACE_KEY_PATTERN = /^~?[A-Za-z0-9][A-Za-z0-9:_-]*$/;

/** `config` of a Confluence Cloud source. */
export class ConfluenceConfigDto {
  @ApiProperty({ example: 'https://acme.atlassian.net', description: 'The Atlassian site; the consent must cover it.' })
  @IsString()
  @MaxLength(2_048)
  @IsUrl(
    { protocols: ['https'], require_protocol: true, disallow_auth: true },
    { message: 'site_url must be an https URL without a user name or password (https://acme.atlassian.net)' },
  )
  site_url: string;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_SPACE_KEYS,
    example: ['ENG', 'OPS'],
    description: 'Keys of the spaces to read; every space the consent covers when absent.',
  })
  @Optional()
  @IsArray()
  @ArrayNotEmpty({ message: 'space_keys must not be empty: leave it out to read every space' })
  @ArrayMaxSize(MAX_SPACE_KEYS)
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  @Matches(SPACE_KEY_PATTERN, { each: true, message: 'each value of space_keys must be a space key (ENG, ~accountid)' })
  space_keys?: string[];
}
