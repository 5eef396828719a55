import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayUnique, IsEmail, IsInt, isEmail, Matches, Max, MaxLength, Min, ValidateBy, ValidateIf } from 'class-validator';
import { AppError } from '#src/common/errors/app.error.js';
import { exampleId, ID_PREFIXES, idPattern, type IdKind } from '#src/common/ids/ids.js';

/**
 * Skips validation when the field is absent. Unlike class-validator's IsOptional, `null` is only
 * accepted where the field is declared nullable: a null name must be a 400, not a database error.
 */
export function Optional(options: { nullable?: boolean } = {}): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined && !(options.nullable === true && value === null));
}

/** Trims a string field before it is validated; other types pass through to be refused by their own validators. */
export function Trimmed(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
}

/** A list that names nothing twice, said in words rather than class-validator's "All x's elements must be unique". */
export function NoRepeats(): PropertyDecorator {
  return ArrayUnique({ message: '$property must not hold the same value twice' });
}

export const MAX_EMAIL_LENGTH = 320;
const ACCOUNT_EMAIL = { require_tld: false };

/**
 * A person's e-mail address. Addresses without a dotted domain (`admin@localhost`, `ops@intranet`) are accepted:
 * self-hosted installations use them, and the first start creates one.
 */
export function IsAccountEmail(message = '$property must be a valid email address'): PropertyDecorator {
  return applyDecorators(Trimmed(), IsEmail(ACCOUNT_EMAIL, { message }), MaxLength(MAX_EMAIL_LENGTH));
}

/**
 * Whether an address that does not come in a JSON body (an identity provider's claim, a query parameter)
 * passes IsAccountEmail. A body's unpaired surrogates are refused before validation; here they are refused
 * first too, since the validator throws on them.
 */
export function isAccountEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && !/\p{Cs}/u.test(value) && isEmail(value, ACCOUNT_EMAIL);
}

/** A prefixed id field (`agt_01J…`). A value of the wrong shape is a 400, never a database lookup. */
export function IsPrefixedId(kind: IdKind, options: { each?: boolean; optional?: boolean; description?: string } = {}): PropertyDecorator {
  const message = `${options.each ? 'each value of ' : ''}$property must be a valid ${ID_PREFIXES[kind]}_ id`;
  const doc = {
    type: String,
    isArray: options.each ?? false,
    pattern: idPattern(kind).source,
    example: options.each ? [exampleId(kind)] : exampleId(kind),
    description: options.description,
  };
  return applyDecorators(
    ...(options.optional ? [Optional(), ApiPropertyOptional(doc)] : [ApiProperty(doc)]),
    Matches(idPattern(kind), { each: options.each, message }),
  );
}

/** The path parameter `:id` of one resource kind, validated like any other input. */
export function IdParamDto(kind: IdKind): new () => { id: string } {
  class IdParam {
    @IsPrefixedId(kind)
    id: string;
  }
  return IdParam;
}

const toIntegerOrRaw = ({ value }: { value: unknown }): unknown => (typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value);

export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 50;
/** The largest offset PostgreSQL's integer OFFSET arithmetic is given. */
const MAX_OFFSET = 2_147_483_647;

// class-validator checks a property's constraints from the decorator nearest to it up: IsInt goes last, so
// that `limit=1.5` is told it is no integer rather than that it is over the maximum.
export class PaginationQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })
  @Optional()
  @Transform(toIntegerOrRaw)
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  @IsInt({ message: 'limit must be an integer' })
  limit: number = DEFAULT_PAGE_SIZE;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: MAX_OFFSET, default: 0 })
  @Optional()
  @Transform(toIntegerOrRaw)
  @Min(0)
  @Max(MAX_OFFSET)
  @IsInt({ message: 'offset must be an integer' })
  offset: number = 0;
}

export interface Page {
  limit: number;
  offset: number;
}

/** `YYYY-MM-DD` naming a real calendar day (no 2025-02-30). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return false;
  }
  // Parsed as ISO 8601, not by Date.UTC, which reads the years 0 to 99 as 1900 to 1999. Year 0 (1 BC) is not a date the stores take.
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1 && date.toISOString().startsWith(value);
}

export function IsCalendarDate(): PropertyDecorator {
  return ValidateBy({
    name: 'isCalendarDate',
    validator: { validate: isCalendarDate, defaultMessage: () => '$property must be a date in the form YYYY-MM-DD' },
  });
}

/**
 * The half-open UTC interval [start 00:00, end + 1 day 00:00) of an inclusive date range. A range ending on
 * 9999-12-31 has no upper bound: the day after it has a five-digit year, which the stores cannot read.
 */
export function utcDayRange(startDate: string | undefined, endDate: string | undefined): { from?: Date; to?: Date } {
  if (startDate && endDate && startDate > endDate) {
    throw AppError.invalid('start_date must not be after end_date', { start_date: ['must not be after end_date'] });
  }
  const from = startDate ? new Date(`${startDate}T00:00:00.000Z`) : undefined;
  const dayAfterEnd = endDate ? new Date(new Date(`${endDate}T00:00:00.000Z`).getTime() + 86_400_000) : undefined;
  return { from, to: dayAfterEnd && dayAfterEnd.getUTCFullYear() <= 9999 ? dayAfterEnd : undefined };
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** `YYYY-MM-DD` or an RFC 3339 date-time with its offset, naming a real instant (ISO week dates and the like are refused). */
export function isDateTime(value: unknown): value is string {
  if (typeof value !== 'string') {
    return false;
  }
  const match = DATE_TIME.exec(value);
  return match !== null && isCalendarDate(match[1]) && !Number.isNaN(Date.parse(value));
}

export function IsDateTime(): PropertyDecorator {
  return ValidateBy({
    name: 'isDateTime',
    validator: { validate: isDateTime, defaultMessage: () => '$property must be a date (YYYY-MM-DD) or a date-time with offset (2027-01-31T12:00:00Z)' },
  });
}
