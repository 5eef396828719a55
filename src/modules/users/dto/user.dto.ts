import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { IsAccountEmail, Optional, Trimmed } from '#src/common/validation/validators.js';
import { ROLES, type Role } from '#src/common/auth/permissions.js';
import { exampleId } from '#src/common/ids/ids.js';
import type { UserEntity } from '#src/modules/users/user.entity.js';
import type { Invitation } from '#src/modules/auth/invitations/invitations.service.js';

export class CreateUserDto {
  @ApiProperty({ example: 'ada@acme.test', maxLength: 320 })
  @IsAccountEmail()
  email: string;

  @ApiPropertyOptional({ example: 'Ada Lovelace', maxLength: 200 })
  @Optional()
  @Trimmed()
  @IsString()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(200)
  name?: string;

  @ApiPropertyOptional({ enum: ROLES, default: 'readonly' })
  @Optional()
  @IsIn(ROLES)
  role?: Role;
}

export class UpdateUserDto {
  @ApiPropertyOptional({ example: 'ada@acme.test', maxLength: 320 })
  @Optional()
  @IsAccountEmail()
  email?: string;

  @ApiPropertyOptional({ type: String, example: 'Ada Lovelace', maxLength: 200, nullable: true, description: '`null` clears it.' })
  @Optional({ nullable: true })
  @Trimmed()
  @IsString()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(200)
  name?: string | null;

  @ApiPropertyOptional({ enum: ROLES })
  @Optional()
  @IsIn(ROLES)
  role?: Role;
}

export class UserResponseDto {
  @ApiProperty({ example: exampleId('user') })
  id: string;

  @ApiProperty({ example: 'ada@acme.test' })
  email: string;

  @ApiProperty({ type: String, nullable: true, example: 'Ada Lovelace' })
  name: string | null;

  @ApiProperty({ enum: ROLES })
  role: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class InvitationResponseDto {
  @ApiProperty({ example: 'https://agents.example.com/invitation#token=svcinv_…', description: 'The web application\u2019s page that accepts it.' })
  url: string;

  @ApiProperty({ example: 'svcinv_…', description: 'Single use; shown once.' })
  token: string;

  @ApiProperty({ format: 'date-time', description: '72 hours after it was made.' })
  expires_at: string;
}

export class InvitedUserResponseDto extends UserResponseDto {
  @ApiProperty({ type: InvitationResponseDto, description: 'With SMTP configured, also e-mailed to the user.' })
  invitation: InvitationResponseDto;
}

export function toInvitationResponse(invitation: Invitation): InvitationResponseDto {
  return { url: invitation.url, token: invitation.token, expires_at: invitation.expiresAt.toISOString() };
}

export class UserListResponseDto {
  @ApiProperty({ type: [UserResponseDto] })
  users: UserResponseDto[];

  @ApiProperty({ type: 'integer', example: 1 })
  total: number;

  @ApiProperty({ type: 'integer', example: 50 })
  limit: number;

  @ApiProperty({ type: 'integer', example: 0 })
  offset: number;
}

export function toUserResponse(user: UserEntity): UserResponseDto {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
