import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { Optional } from '#src/common/validation/validators.js';
import { FEEDBACK_VALUES, type Feedback } from '#src/modules/interactions/interaction.entity.js';

export class FeedbackDto {
  @ApiProperty({ enum: FEEDBACK_VALUES })
  @IsIn(FEEDBACK_VALUES)
  feedback: Feedback;

  @ApiPropertyOptional({
    type: String,
    example: 'The second source was outdated.',
    maxLength: 2_000,
    nullable: true,
    description: 'Trimmed; `null`, or a blank one, removes it.',
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() || null : value))
  @Optional({ nullable: true })
  @IsString()
  @MaxLength(2_000)
  comment?: string | null;
}
