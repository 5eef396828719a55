import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { Optional } from '#src/common/validation/validators.js';
import { FEEDBACK_VALUES, type Feedback } from '#src/modules/interactions/interaction.entity.js';

export class FeedbackDto {
  @ApiProperty({ enum: FEEDBACK_VALUES })
  @IsIn(FEEDBACK_VALUES)
  feedback: Feedback;

  @ApiPropertyOptional({ type: String, example: 'The second source was outdated.', maxLength: 2_000, nullable: true })
  @Optional({ nullable: true })
  @IsString()
  @MaxLength(2_000)
  comment?: string | null;
}
