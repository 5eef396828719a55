import { Body, Controller, HttpCode, Inject, Post, Put, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { Public, SignedIn } from '#src/common/auth/auth.decorator.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import {
  AcceptInvitationDto,
  ChangePasswordDto,
  LoginResponseDto,
  PASSWORD_RESET_ACCEPTED,
  PasswordResetAcceptedDto,
  PasswordResetConfirmDto,
  PasswordResetDto,
  toLoginResponse,
} from '#src/modules/auth/dto/sign-in.dto.js';
import { sessionOf } from '#src/modules/auth/authenticators/session.authenticator.js';
import { clientOf } from '#src/modules/auth/client-info.js';
import { checkOrigin } from '#src/modules/auth/sessions/csrf.js';
import { sessionCookie } from '#src/modules/auth/sessions/session-cookie.js';
import { SignInService } from '#src/modules/auth/sign-in/sign-in.service.js';

/** Setting a password: with a single-use link (an invitation, or a password reset; both sign the person in), or, signed in, with the current one. */
@ApiTags('Sign-in')
@Controller('api/auth')
export class PasswordsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly signIn: SignInService,
  ) {}

  @Post('invitations/accept')
  @HttpCode(200)
  @Public()
  @ApiOperation({ summary: 'Accept an invitation: set the first password and sign in', description: 'The token works once, within 72 hours.' })
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiErrors([400, 403])
  async accept(@Body() dto: AcceptInvitationDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<LoginResponseDto> {
    checkOrigin(request, this.config.http.publicUrl);
    const signedIn = await this.signIn.acceptInvitation(dto.token, dto.password, clientOf(request));
    response.setHeader('Set-Cookie', sessionCookie(signedIn.session.cookie));
    return toLoginResponse(signedIn);
  }

  @Post('password-reset')
  @HttpCode(202)
  @Public()
  @ApiOperation({
    summary: 'Ask for a password reset link',
    description:
      '202 whether the address has an account or not. With SMTP configured, each account of the address is e-mailed a link that works once, for an hour. ' +
      'An address whose domain an organization requiring single sign-on verified: 403 `sso_required` (decided by the domain alone).',
  })
  @ApiAcceptedResponse({ type: PasswordResetAcceptedDto })
  @ApiErrors([400, 403])
  async requestReset(@Body() dto: PasswordResetDto): Promise<PasswordResetAcceptedDto> {
    await this.signIn.requestReset(dto.email);
    return PASSWORD_RESET_ACCEPTED;
  }

  @Post('password-reset/confirm')
  @HttpCode(200)
  @Public()
  @ApiOperation({ summary: 'Set a new password with a reset link, and sign in', description: 'Ends the user’s other sessions.' })
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiErrors([400, 403])
  async confirmReset(@Body() dto: PasswordResetConfirmDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<LoginResponseDto> {
    checkOrigin(request, this.config.http.publicUrl);
    const signedIn = await this.signIn.confirmReset(dto.token, dto.password, clientOf(request));
    response.setHeader('Set-Cookie', sessionCookie(signedIn.session.cookie));
    return toLoginResponse(signedIn);
  }

  @Put('password')
  @HttpCode(204)
  @SignedIn()
  @ApiOperation({
    summary: 'Change the signed-in person\u2019s password',
    description:
      'Needs the current password: a wrong one is 400 naming `current_password` and counts as a failed sign-in of the address (429 `too_many_attempts` past the limit). ' +
      'Ends the person\u2019s other sessions; this one stays. A cookie request needs `X-CSRF-Token`.',
  })
  @ApiNoContentResponse()
  @ApiErrors([400, 401, 403, 429])
  async change(@Body() dto: ChangePasswordDto, @Req() request: Request): Promise<void> {
    await this.signIn.changePassword(sessionOf(request).row, dto.current_password, dto.password, clientOf(request));
  }
}
