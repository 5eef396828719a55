import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { Public, SignedIn } from '#src/common/auth/auth.decorator.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { IdParamDto } from '#src/common/validation/validators.js';
import { ReadsNoBody } from '#src/common/http/route-policy/reads-no-body.decorator.js';
import { sessionOf } from '#src/modules/auth/authenticators/session.authenticator.js';
import {
  ClientAddressResponseDto,
  LoginDto,
  LoginResponseDto,
  SessionListResponseDto,
  toCurrentSessionResponse,
  toLoginResponse,
  toSessionResponse,
} from '#src/modules/auth/dto/sign-in.dto.js';
import { clientOf } from '#src/modules/auth/client-info.js';
import { checkOrigin } from '#src/modules/auth/sessions/csrf.js';
import { clearedSessionCookie, cookieValueOf, sessionCookie } from '#src/modules/auth/sessions/session-cookie.js';
import { SessionsService } from '#src/modules/auth/sessions/sessions.service.js';
import { SignInService } from '#src/modules/auth/sign-in/sign-in.service.js';

class SessionIdParam extends IdParamDto('webSession') {}

/** Signing in with a password, and the signed-in person's sessions. Current, not legacy, despite the `/api/` path. */
@ApiTags('Sign-in')
@Controller('api/auth')
export class SessionsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly signIn: SignInService,
    private readonly sessions: SessionsService,
  ) {}

  @Post('login')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    summary: 'Sign in with email and password',
    description: 'Sets the `service_session` cookie (HttpOnly, Secure, SameSite=Lax, 7 days, renewed by every request).',
  })
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiErrors([400, 401, 403, 409, 429])
  async login(@Body() dto: LoginDto, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<LoginResponseDto> {
    checkOrigin(request, this.config.http.publicUrl);
    const signedIn = await this.signIn.login({ email: dto.email, password: dto.password, organizationId: dto.organization_id }, clientOf(request));
    response.setHeader('Set-Cookie', sessionCookie(signedIn.session.cookie));
    return toLoginResponse(signedIn);
  }

  @Get('session')
  @SignedIn()
  @ApiOperation({ summary: 'The signed-in person, their organization and the CSRF token', description: 'Also sets the cookie again, for another seven days.' })
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiErrors([401])
  current(@Req() request: Request, @Res({ passthrough: true }) response: Response): LoginResponseDto {
    const { row, token } = sessionOf(request);
    response.setHeader('Set-Cookie', sessionCookie(cookieValueOf(token, this.config.keys.hashSecret)));
    return toCurrentSessionResponse(row, this.sessions.csrfTokenOf(token));
  }

  @Delete('logout')
  @ReadsNoBody()
  @HttpCode(204)
  @SignedIn()
  @ApiOperation({ summary: 'Sign out', description: 'Ends the session on the server and clears the cookie.' })
  @ApiNoContentResponse()
  @ApiErrors([401, 403])
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    const { row } = sessionOf(request);
    await this.sessions.end(row, row.id, clientOf(request));
    response.setHeader('Set-Cookie', clearedSessionCookie());
  }

  @Get('client')
  @SignedIn()
  @ApiOperation({
    summary: 'The address and browser of this request, as the service sees them',
    description: 'What an IP allowlist is checked against: the web console shows it, so an admin can include their own address.',
  })
  @ApiOkResponse({ type: ClientAddressResponseDto })
  @ApiErrors([401])
  client(@Req() request: Request): ClientAddressResponseDto {
    const { ip, userAgent } = clientOf(request);
    return { ip, user_agent: userAgent };
  }

  @Get('sessions')
  @SignedIn()
  @ApiOperation({ summary: 'The signed-in person’s live sessions' })
  @ApiOkResponse({ type: SessionListResponseDto })
  @ApiErrors([401])
  async list(@Req() request: Request): Promise<SessionListResponseDto> {
    const { row } = sessionOf(request);
    const sessions = await this.sessions.list(row.orgId, row.userId);
    return { sessions: sessions.map((session) => toSessionResponse(session, row.id)) };
  }

  @Delete('sessions/:id')
  @ReadsNoBody()
  @HttpCode(204)
  @SignedIn()
  @ApiOperation({ summary: 'End one of the signed-in person’s sessions', description: 'Ending the current one also clears its cookie, as sign-out does.' })
  @ApiNoContentResponse()
  @ApiErrors([400, 401, 403, 404])
  async end(@Req() request: Request, @Res({ passthrough: true }) response: Response, @Param() { id }: SessionIdParam): Promise<void> {
    const { row } = sessionOf(request);
    await this.sessions.end(row, id, clientOf(request));
    if (id === row.id) {
      response.setHeader('Set-Cookie', clearedSessionCookie());
    }
  }
}
