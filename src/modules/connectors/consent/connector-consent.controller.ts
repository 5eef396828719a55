import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { parse, serialize } from 'cookie';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import type { AuthContext } from '#src/common/auth/auth-context.js';
import { Auth, Authenticated, Public } from '#src/common/auth/auth.decorator.js';
import { Permission } from '#src/common/auth/permissions.js';
import { ApiErrors } from '#src/common/errors/api-errors.decorator.js';
import { escapeHtml, htmlPage, PAGE_CONTENT_SECURITY } from '#src/common/http/html-page.js';
import { RequestOrigin } from '#src/common/http/request-origin.decorator.js';
import { ContentSecurity } from '#src/common/http/route-policy/content-security.js';
import { IdParamDto } from '#src/common/validation/validators.js';
import { bindingCookieOf, CONNECTOR_CALLBACK_PATH, ConnectorConsentService } from '#src/modules/connectors/consent/connector-consent.service.js';
import { ConsentFailure } from '#src/modules/connectors/consent/consent-failure.js';
import { clientOf } from '#src/modules/auth/client-info.js';
import { DataSourceResponseDto, toDataSourceResponse } from '#src/modules/data-sources/dto/data-source.dto.js';

class DataSourceIdParam extends IdParamDto('dataSource') {}

/** The cookie tying a callback to the browser that started its consent (web sessions). */
const BINDING_COOKIE_OPTIONS = { httpOnly: true, secure: true, sameSite: 'lax', path: CONNECTOR_CALLBACK_PATH } as const;

@ApiTags('Data sources')
@Controller()
export class ConnectorConsentController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly consent: ConnectorConsentService,
  ) {}

  @Get('api/v1/data-sources/:id/connect')
  @Authenticated(Permission.DataWrite)
  @ApiOperation({
    summary: "Connect a connector source: redirects to the provider's consent page",
    description:
      "A confluence, slack, google_drive or sharepoint source's `authorize_url`. The `state` is single use, valid 10 minutes, bound to the source and the caller (and, for a web session, to the browser); PKCE where the provider supports it.",
  })
  @ApiResponse({ status: 302, description: "To the provider's consent page" })
  @ApiErrors([400, 404, 409])
  async connect(@Auth() auth: AuthContext, @Param() { id }: DataSourceIdParam, @RequestOrigin() origin: string, @Res() response: Response): Promise<void> {
    const { redirectTo, browserBinding } = await this.consent.start(auth, id, origin);
    if (browserBinding) {
      response.setHeader('Set-Cookie', serialize(browserBinding.cookie, browserBinding.value, { ...BINDING_COOKIE_OPTIONS, maxAge: 600 }));
    }
    response.setHeader('Cache-Control', 'no-store');
    response.redirect(302, redirectTo);
  }

  @Get(CONNECTOR_CALLBACK_PATH.slice(1))
  @Public()
  @ContentSecurity(PAGE_CONTENT_SECURITY)
  @ApiOperation({
    summary: "The providers' OAuth redirect URI",
    description: 'Register this address at each provider. Stores the tokens encrypted, marks the source `Connected` and queues its first sync.',
  })
  @ApiQuery({ name: 'state', required: true })
  @ApiQuery({ name: 'code', required: false })
  @ApiQuery({ name: 'error', required: false })
  @ApiProduces('text/html')
  @ApiResponse({ status: 303, description: "Connected: to the data source's page in the web console" })
  @ApiResponse({
    status: 400,
    description: 'An HTML page saying why the connection could not be made (expired or reused state, consent refused, code refused)',
  })
  async callback(
    @Query('state') state: unknown,
    @Query('code') code: unknown,
    @Query('error') error: unknown,
    @Req() request: Request,
    @RequestOrigin() origin: string,
    @Res() response: Response,
  ): Promise<void> {
    response.setHeader('Cache-Control', 'no-store');
    const answeredState = text(state);
    const bindingCookie = answeredState ? bindingCookieOf(answeredState) : undefined;
    if (bindingCookie) {
      response.setHeader('Set-Cookie', serialize(bindingCookie, '', { ...BINDING_COOKIE_OPTIONS, maxAge: 0 }));
    }
    try {
      const source = await this.consent.complete({
        client: clientOf(request),
        state: answeredState,
        code: text(code),
        error: text(error),
        browserBinding: bindingCookie ? parse(request.headers.cookie ?? '')[bindingCookie] : undefined,
      });
      response.redirect(303, `${this.config.http.publicUrl ?? origin}/data-sources/${encodeURIComponent(source.id)}`);
    } catch (failure) {
      if (!(failure instanceof ConsentFailure)) {
        throw failure;
      }
      response
        .status(400)
        .type('html')
        .send(htmlPage('Connection failed', `<p>${escapeHtml(failure.message)}</p>`));
    }
  }

  @Post('api/v1/data-sources/:id/disconnect')
  @HttpCode(200)
  @Authenticated(Permission.DataWrite)
  @ApiOperation({
    summary: 'Disconnect a connector source',
    description:
      'Revokes the tokens at the provider (where it offers revocation), deletes them here and answers the source as `Disconnected`; its documents stay searchable until it is deleted.',
  })
  @ApiOkResponse({ type: DataSourceResponseDto })
  @ApiErrors([400, 404])
  async disconnect(@Auth() auth: AuthContext, @Param() { id }: DataSourceIdParam, @RequestOrigin() origin: string): Promise<DataSourceResponseDto> {
    return toDataSourceResponse(await this.consent.disconnect(auth, id), this.config.http.publicUrl ?? origin);
  }
}

/** A query parameter as one string; repeated or nested ones are not what a provider sends. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
