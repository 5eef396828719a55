import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { exampleId } from '#src/common/ids/ids.js';
import { ROLES, type Role } from '#src/common/auth/permissions.js';
import { IsAccountEmail, IsPrefixedId } from '#src/common/validation/validators.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '#src/modules/auth/passwords/password-hasher.js';
import type { WebSessionEntity } from '#src/modules/auth/sessions/web-session.entity.js';
import type { SignedIn } from '#src/modules/auth/sign-in/sign-in.service.js';
import type { SessionRow } from '#src/modules/auth/sessions/sessions.repository.js';

export class LoginDto {
  @ApiProperty({ example: 'ada@acme.test', maxLength: 320 })
  @IsAccountEmail()
  email: string;

  @ApiProperty({ maxLength: MAX_PASSWORD_LENGTH, format: 'password' })
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_PASSWORD_LENGTH)
  password: string;

  @IsPrefixedId('organization', { optional: true, description: 'Needed only when the email and password open accounts in several organizations.' })
  organization_id?: string;
}

/** A new password: at least 12 characters. */
class NewPasswordDto {
  @ApiProperty({ minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH, format: 'password' })
  @IsString()
  @MinLength(MIN_PASSWORD_LENGTH, { message: `password must be at least ${MIN_PASSWORD_LENGTH} characters` })
  @MaxLength(MAX_PASSWORD_LENGTH)
  password: string;
}

export class AcceptInvitationDto extends NewPasswordDto {
  @ApiProperty({ example: 'svcinv_…', maxLength: 100 })
  @IsString()
  @MaxLength(100)
  token: string;
}

export class PasswordResetConfirmDto extends AcceptInvitationDto {}

export class ChangePasswordDto extends NewPasswordDto {
  @ApiProperty({ maxLength: MAX_PASSWORD_LENGTH, format: 'password', description: 'The password in use now.' })
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_PASSWORD_LENGTH)
  current_password: string;
}

export class PasswordResetDto {
  @ApiProperty({ example: 'ada@acme.test', maxLength: 320 })
  @IsAccountEmail()
  email: string;
}

export class PasswordResetAcceptedDto {
  @ApiProperty({ example: 'If this address has an account, a reset link is on its way.' })
  message: string;
}

/** The same answer whatever the address: nothing tells whether it has an account. */
export const PASSWORD_RESET_ACCEPTED: PasswordResetAcceptedDto = { message: 'If this address has an account, a reset link is on its way.' };

class SignedInUserDto {
  @ApiProperty({ example: exampleId('user') })
  id: string;

  @ApiProperty({ example: 'ada@acme.test' })
  email: string;

  @ApiProperty({ type: String, nullable: true })
  name: string | null;

  @ApiProperty({ enum: ROLES })
  role: Role;
}

class SignedInOrganizationDto {
  @ApiProperty({ example: exampleId('organization') })
  id: string;

  @ApiProperty({ example: 'Acme' })
  name: string;

  @ApiProperty({ example: 'enterprise' })
  plan: string;
}

export class LoginResponseDto {
  @ApiProperty({ type: SignedInUserDto })
  user: SignedInUserDto;

  @ApiProperty({ type: SignedInOrganizationDto })
  organization: SignedInOrganizationDto;

  @ApiProperty({ format: 'date-time', description: 'Seven days after the last request; every request moves it on.' })
  expires_at: string;

  @ApiProperty({ description: 'Send it as X-CSRF-Token with every state-changing request the session cookie authenticates.' })
  csrf_token: string;
}

export class SessionResponseDto {
  @ApiProperty({ example: exampleId('webSession') })
  id: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  last_seen_at: string;

  @ApiProperty({ format: 'date-time' })
  expires_at: string;

  @ApiProperty({ type: String, nullable: true })
  ip: string | null;

  @ApiProperty({ type: String, nullable: true })
  user_agent: string | null;

  @ApiProperty({ description: 'The session of this request.' })
  current: boolean;
}

export class SessionListResponseDto {
  @ApiProperty({ type: [SessionResponseDto] })
  sessions: SessionResponseDto[];
}

export class ClientAddressResponseDto {
  @ApiProperty({
    type: String,
    nullable: true,
    example: '203.0.113.7',
    description: 'The address of this request as the IP allowlist judges it (Express\u2019s client address under TRUST_PROXY).',
  })
  ip: string | null;

  @ApiProperty({ type: String, nullable: true })
  user_agent: string | null;
}

export function toLoginResponse({ account, session }: SignedIn): LoginResponseDto {
  return {
    user: { id: account.userId, email: account.email, name: account.name, role: account.role },
    organization: { id: account.organization.id, name: account.organization.name, plan: account.organization.plan },
    expires_at: session.session.expiresAt.toISOString(),
    csrf_token: session.csrfToken,
  };
}

export function toCurrentSessionResponse(row: SessionRow, csrfToken: string): LoginResponseDto {
  return {
    user: { id: row.user.id, email: row.user.email, name: row.user.name, role: row.user.role },
    organization: { id: row.organization.id, name: row.organization.name, plan: row.organization.plan.name },
    expires_at: row.expiresAt.toISOString(),
    csrf_token: csrfToken,
  };
}

export function toSessionResponse(session: WebSessionEntity, currentId: string): SessionResponseDto {
  return {
    id: session.id,
    created_at: session.createdAt.toISOString(),
    last_seen_at: session.lastSeenAt.toISOString(),
    expires_at: session.expiresAt.toISOString(),
    ip: session.ip,
    user_agent: session.userAgent,
    current: session.id === currentId,
  };
}
