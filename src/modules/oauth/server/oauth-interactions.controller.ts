import { Controller, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { Public } from '#src/common/auth/auth.decorator.js';
import { AppError } from '#src/common/errors/app.error.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { ErrorCode } from '#src/common/errors/error-code.enum.js';
import { ReadsNoBody } from '#src/common/http/route-policy/reads-no-body.decorator.js';
import { clientOf } from '#src/modules/auth/client-info.js';
import { IpGate } from '#src/modules/auth/ip-allowlist/ip-gate.js';
import { checkCsrf, checkOrigin } from '#src/modules/auth/sessions/csrf.js';
import { sessionTokenOf } from '#src/modules/auth/sessions/session-cookie.js';
import type { SessionRow } from '#src/modules/auth/sessions/sessions.repository.js';
import { SessionsService } from '#src/modules/auth/sessions/sessions.service.js';
import { InteractionDetailsDto, InteractionRedirectDto } from '#src/modules/oauth/server/dto/interaction.dto.js';
import { OAuthServer } from '#src/modules/oauth/server/oauth-server.js';
import type { InteractionDetails } from '#src/modules/oauth/server/oidc-provider.types.js';

interface Party {
  clientId: string;
  clientName: string;
  orgId: string;
}

interface SignedInParty {
  session: SessionRow;
  details: InteractionDetails;
}

/**
 * The authorization server's sign-in and consent step, for the web console's consent page
 * (`/oauth/interaction/:uid`, served by the console): the interaction comes from the provider's cookie,
 * which is scoped to this path, and the person from their web session. Only people of the client's
 * organization can grant it anything; changes need the session's CSRF token, as everywhere else.
 */
@ApiTags('OAuth consent')
@ApiParam({ name: 'uid', type: String, description: 'The interaction, as in the consent page\u2019s address' })
@Controller('oauth/interaction/:uid')
@Public()
export class OAuthInteractionsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly server: OAuthServer,
    private readonly sessions: SessionsService,
    private readonly gate: IpGate,
  ) {}

  @Get('details')
  @ApiOperation({
    summary: 'What the application asks for, and whether the person must sign in first',
    description: 'For the consent page of the web console; the interaction is the one this browser started (its cookie).',
  })
  @ApiOkResponse({ type: InteractionDetailsDto })
  @ApiErrors([400])
  async details(@Param('uid') uid: string, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<InteractionDetailsDto> {
    const details = await this.interaction(request, response);
    const party = await this.party(request, details);
    const session = (await this.sessionOf(request))?.session;
    return {
      uid,
      prompt: details.prompt.name === 'login' ? 'login' : 'consent',
      client: { id: party.clientId, name: party.clientName },
      organization_id: party.orgId,
      scopes: scopesOf(details),
      signed_in: session?.orgId === party.orgId,
    };
  }

  @Post('login')
  @ReadsNoBody()
  @HttpCode(200)
  @ApiOperation({ summary: 'Continue as the signed-in person', description: 'Needs a web session in the client\u2019s organization, and X-CSRF-Token.' })
  @ApiOkResponse({ type: InteractionRedirectDto })
  @ApiErrors([400, 401, 403])
  async login(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<InteractionRedirectDto> {
    const { session } = await this.signedInParty(request, response);
    return this.finish(request, response, { login: { accountId: session.userId } }, false);
  }

  @Post('confirm')
  @ReadsNoBody()
  @HttpCode(200)
  @ApiOperation({ summary: 'Allow the application the scopes it asked for', description: 'Remembered per person, application and scope set.' })
  @ApiOkResponse({ type: InteractionRedirectDto })
  @ApiErrors([400, 401, 403])
  async confirm(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<InteractionRedirectDto> {
    const { session, details } = await this.signedInParty(request, response);
    if (details.prompt.name !== 'consent' || details.session?.accountId !== session.userId) {
      throw AppError.invalid('This request is not waiting for your consent: start again from the application');
    }
    const { Grant } = this.server.providerFor(request);
    const grant =
      (details.grantId ? await Grant.find(details.grantId) : undefined) ?? new Grant({ accountId: session.userId, clientId: details.params.client_id });
    for (const scope of scopesOf(details)) {
      grant.addOIDCScope(scope);
    }
    const grantId = await grant.save();
    return this.finish(request, response, { consent: { grantId } }, true);
  }

  @Post('abort')
  @ReadsNoBody()
  @HttpCode(200)
  @ApiOperation({ summary: 'Decline: the application is told the person refused (access_denied)' })
  @ApiOkResponse({ type: InteractionRedirectDto })
  @ApiErrors([400, 403])
  async abort(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<InteractionRedirectDto> {
    checkOrigin(request, this.config.http.publicUrl);
    await this.interaction(request, response);
    return this.finish(request, response, { error: 'access_denied', error_description: 'The person declined the request' }, false);
  }

  private async finish(request: Request, response: Response, result: Record<string, unknown>, merge: boolean): Promise<InteractionRedirectDto> {
    const redirectTo = await this.server.providerFor(request).interactionResult(request, response, result, { mergeWithLastSubmission: merge });
    response.setHeader('Cache-Control', 'no-store');
    return { redirect_to: redirectTo };
  }

  /** The interaction this browser is in; an expired one, or one from another browser, is a 400. */
  private async interaction(request: Request, response: Response): Promise<InteractionDetails> {
    try {
      return await this.server.providerFor(request).interactionDetails(request, response);
    } catch {
      throw AppError.invalid('This sign-in request has expired or was started in another browser: start again from the application');
    }
  }

  /** A change made by a signed-in person of the client's organization, with the session's CSRF token. */
  private async signedInParty(request: Request, response: Response): Promise<SignedInParty> {
    const signedIn = await this.sessionOf(request);
    if (!signedIn) {
      throw new AppError(ErrorCode.Unauthorized, 'Sign in first');
    }
    const { token, session } = signedIn;
    await this.gate.admit(session.orgId, session.organization.ipAllowlist, clientOf(request), { type: 'user', id: session.userId }, 'session');
    checkCsrf(request, this.sessions.csrfTokenOf(token), this.config.http.publicUrl);
    const details = await this.interaction(request, response);
    if (session.orgId !== (await this.party(request, details)).orgId) {
      throw new AppError(ErrorCode.Forbidden, 'This application belongs to another organization: only its own people can allow it');
    }
    return { session, details };
  }

  private async party(request: Request, details: InteractionDetails): Promise<Party> {
    const client = await this.server.providerFor(request).Client.find(details.params.client_id);
    if (!client?.org_id) {
      throw AppError.invalid('The application that started this request no longer exists');
    }
    return { clientId: details.params.client_id, clientName: client.clientName ?? details.params.client_id, orgId: client.org_id };
  }

  /** This browser's live web session, if any (an ended, expired or tampered one is none). */
  private async sessionOf(request: Request): Promise<{ token: string; session: SessionRow } | undefined> {
    const token = sessionTokenOf(request, this.config.keys.hashSecret);
    const session = token ? await this.sessions.resume(token).catch(() => undefined) : undefined;
    return token && session ? { token, session } : undefined;
  }
}

function scopesOf(details: InteractionDetails): string[] {
  return details.prompt.details.missingOIDCScope ?? (details.params.scope ?? '').split(' ').filter(Boolean);
}
