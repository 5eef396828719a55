import { Body, Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { Public } from '#src/common/auth/auth.decorator.js';
import { AppError } from '#src/common/errors/app.error.js';
import { escapeHtml, htmlPage, PAGE_CONTENT_SECURITY } from '#src/common/http/html-page.js';
import { Accepts } from '#src/common/http/route-policy/accepts.decorator.js';
import { ContentSecurity } from '#src/common/http/route-policy/content-security.js';
import { clientOf } from '#src/modules/auth/client-info.js';
import { checkOrigin } from '#src/modules/auth/sessions/csrf.js';
import { sessionCookie, sessionTokenOf } from '#src/modules/auth/sessions/session-cookie.js';
import type { SessionRow } from '#src/modules/auth/sessions/sessions.repository.js';
import { SessionsService } from '#src/modules/auth/sessions/sessions.service.js';
import { SignInService } from '#src/modules/auth/sign-in/sign-in.service.js';
import { OAuthServer } from '#src/modules/oauth/server/oauth-server.js';
import type { InteractionDetails } from '#src/modules/oauth/server/oidc-provider.types.js';

const SCOPE_TEXT: Record<string, string> = {
  read: 'read your agents, data sources, interactions and knowledge base',
  write: 'create, change and delete agents, data sources and articles',
  execute: 'ask agents questions and give feedback',
  admin: 'administer the organization as you',
  offline_access: 'keep this access when you are away (a refresh token)',
};

interface Party {
  clientId: string;
  clientName: string;
  orgId: string | undefined;
}

/**
 * The authorization server's sign-in and consent, on the person's web session: someone not signed in
 * signs in here first (password; the session is the one the rest of the service uses), then allows or
 * declines the client's scopes, once per client and scope set. Only people of the client's organization
 * can grant it anything. Server-rendered until the web application takes these pages over.
 */
@ApiExcludeController()
@Controller('oauth/interaction')
@Public()
@ContentSecurity(PAGE_CONTENT_SECURITY)
export class OAuthInteractionsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly server: OAuthServer,
    private readonly sessions: SessionsService,
    private readonly signIn: SignInService,
  ) {}

  @Get(':uid')
  async show(@Param('uid') uid: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const details = await this.details(request, response);
    if (!details) {
      return;
    }
    const party = await this.party(details);
    const session = await this.sessionOf(request);
    if (details.prompt.name === 'login') {
      if (session && session.orgId === party.orgId) {
        await this.server.provider.interactionFinished(request, response, { login: { accountId: session.userId } }, { mergeWithLastSubmission: false });
        return;
      }
      this.page(response, 200, `Sign in to continue to ${party.clientName}`, loginForm(uid));
      return;
    }
    if (!session || session.userId !== details.session?.accountId) {
      this.page(response, 401, 'Sign in again', '<p>Your session ended. Start again from the application.</p>');
      return;
    }
    if (session.orgId !== party.orgId) {
      this.page(response, 403, 'Not for your organization', `<p>${escapeHtml(party.clientName)} belongs to another organization.</p>`);
      return;
    }
    this.page(response, 200, `Allow ${party.clientName}?`, consentForm(uid, party.clientName, scopesOf(details)));
  }

  @Post(':uid/login')
  @Accepts('form')
  async login(@Param('uid') uid: string, @Body() body: Record<string, unknown>, @Req() request: Request, @Res() response: Response): Promise<void> {
    checkOrigin(request, this.config.http.publicUrl);
    const details = await this.details(request, response);
    if (!details) {
      return;
    }
    const party = await this.party(details);
    const email = typeof body.email === 'string' ? body.email : '';
    const password = typeof body.password === 'string' ? body.password : '';
    try {
      const signedIn = await this.signIn.login({ email, password, organizationId: party.orgId }, clientOf(request));
      response.append('Set-Cookie', sessionCookie(signedIn.session.cookie));
      await this.server.provider.interactionFinished(request, response, { login: { accountId: signedIn.account.userId } }, { mergeWithLastSubmission: false });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) {
        throw error;
      }
      const message = error.status === 401 ? 'Wrong email or password.' : error.message;
      this.page(response, error.status, `Sign in to continue to ${party.clientName}`, `<p role="alert">${escapeHtml(message)}</p>${loginForm(uid)}`);
    }
  }

  @Post(':uid/confirm')
  @Accepts('form')
  async confirm(@Param('uid') _uid: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    checkOrigin(request, this.config.http.publicUrl);
    const details = await this.details(request, response);
    if (!details) {
      return;
    }
    const session = await this.sessionOf(request);
    const accountId = details.session?.accountId;
    if (!session || !accountId || session.userId !== accountId || session.orgId !== (await this.party(details)).orgId) {
      this.page(response, 401, 'Sign in again', '<p>Your session ended. Start again from the application.</p>');
      return;
    }
    const { Grant } = this.server.provider;
    const grant = (details.grantId ? await Grant.find(details.grantId) : undefined) ?? new Grant({ accountId, clientId: details.params.client_id });
    for (const scope of scopesOf(details)) {
      grant.addOIDCScope(scope);
    }
    const grantId = await grant.save();
    await this.server.provider.interactionFinished(request, response, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  @Post(':uid/abort')
  @Accepts('form')
  async abort(@Param('uid') _uid: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    checkOrigin(request, this.config.http.publicUrl);
    if (await this.details(request, response)) {
      await this.server.provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'The person declined the request' },
        { mergeWithLastSubmission: false },
      );
    }
  }

  /** The interaction this browser is in, or a page saying it is over (expired, or from another browser). */
  private async details(request: Request, response: Response): Promise<InteractionDetails | undefined> {
    try {
      return await this.server.provider.interactionDetails(request, response);
    } catch {
      this.page(response, 400, 'This request has expired', '<p>Start again from the application that sent you here.</p>');
      return undefined;
    }
  }

  private async party(details: InteractionDetails): Promise<Party> {
    const client = await this.server.provider.Client.find(details.params.client_id);
    return { clientId: details.params.client_id, clientName: client?.clientName ?? details.params.client_id, orgId: client?.org_id };
  }

  private async sessionOf(request: Request): Promise<SessionRow | undefined> {
    const token = sessionTokenOf(request, this.config.keys.hashSecret);
    return token ? this.sessions.resume(token).catch(() => undefined) : undefined;
  }

  private page(response: Response, status: number, title: string, body: string): void {
    response.status(status).type('html').setHeader('Cache-Control', 'no-store');
    response.send(htmlPage(title, body));
  }
}

function scopesOf(details: InteractionDetails): string[] {
  return details.prompt.details.missingOIDCScope ?? (details.params.scope ?? '').split(' ').filter(Boolean);
}

function loginForm(uid: string): string {
  return `<form method="post" action="/oauth/interaction/${escapeHtml(uid)}/login">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`;
}

function consentForm(uid: string, clientName: string, scopes: string[]): string {
  const items = scopes.map((scope) => `<li>${escapeHtml(SCOPE_TEXT[scope] ?? scope)}</li>`).join('');
  return `<p>${escapeHtml(clientName)} asks to act for you in this organization:</p>
<ul>${items}</ul>
<p>It can never do more than your own role allows.</p>
<form method="post" action="/oauth/interaction/${escapeHtml(uid)}/confirm"><button type="submit">Allow</button></form>
<form method="post" action="/oauth/interaction/${escapeHtml(uid)}/abort"><button type="submit">Decline</button></form>`;
}
