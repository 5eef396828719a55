import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsString, Matches, MaxLength } from 'class-validator';
import { Optional } from '#src/common/validation/validators.js';

export const MAX_SLACK_CHANNELS = 500;

/** `config` of a Slack source. */
export class SlackConfigDto {
  @ApiPropertyOptional({
    type: [String],
    example: ['C0123ABCD'],
    maxItems: MAX_SLACK_CHANNELS,
    description: 'Public channel ids to read (the app must be a member); absent: every public channel the app is a member of.',
  })
  @Optional()
  @IsArray()
  @ArrayMinSize(1, { message: 'channel_ids must hold at least one channel id when present' })
  @ArrayMaxSize(MAX_SLACK_CHANNELS)
  @IsString({ each: true })
  @MaxLength(32, { each: true })
  @Matches(/^[CG][A-Z0-9]+$/, { each: true, message: 'each value of channel_ids must be a Slack channel id (C…)' })
  channel_ids?: string[];

  @ApiPropertyOptional({ default: true, description: 'Index each thread (parent and replies) as its own document.' })
  @Optional()
  @IsBoolean()
  include_threads?: boolean;
}
