import { applyDecorators, Controller, Get, HttpCode, Inject, Param, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiQuery, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { Public } from '#src/common/auth/auth.decorator.js';
import { AppError } from '#src/common/errors/app.error.js';
import { exampleId, ID_PREFIXES, idPattern } from '#src/common/ids/ids.js';
import { ErrorResponseDto } from '#src/common/errors/error-response.dto.js';
import { PAGE_CONTENT_SECURITY } from '#src/common/http/html-page.js';
import { Accepts } from '#src/common/http/route-policy/accepts.decorator.js';
import { ContentSecurity } from '#src/common/http/route-policy/content-security.js';
import { clientOf } from '#src/modules/auth/client-info.js';
import { sessionCookie } from '#src/modules/auth/sessions/session-cookie.js';
import type { SamlConnectionConfig } from '#src/modules/sso/connections/sso-connection.entity.js';
import { SsoConnectionsService } from '#src/modules/sso/connections/sso-connections.service.js';
import { SamlStrategy } from '#src/modules/sso/saml/saml.strategy.js';
import { SsoSignInService } from '#src/modules/sso/sign-in/sso-sign-in.service.js';
import { OidcGuard, SamlGuard, SsoStartGuard } from '#src/modules/sso/sso.guards.js';
import { SsoPageFilter } from '#src/modules/sso/sso-page.filter.js';
import { connectionOf, type SsoIdentity, type SsoRequest } from '#src/modules/sso/sso-request.js';
import { publicOrigin } from '#src/modules/sso/sso-urls.js';

const FAILURE_PAGES_DOCUMENTED = {
  401: 'An HTML page: "Authentication failed" (an unknown connection, an identity provider out of reach, or an invalid, expired, replayed or misplaced answer)',
  403: 'An HTML page: "Unauthorized domain", or single sign-on unavailable to the organization (its plan)',
  404: 'An HTML page: no organization signs in with single sign-on for this e-mail address',
};

/** The failure pages (SsoPageFilter) a route can answer. */
function ApiFailurePages(...statuses: Array<keyof typeof FAILURE_PAGES_DOCUMENTED>): MethodDecorator {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, description: FAILURE_PAGES_DOCUMENTED[status], content: { 'text/html': { schema: { type: 'string' } } } }),
    ),
  );
}

/** The metadata's refusals are the API's JSON errors, whatever type its success has. */
const JSON_ERROR = { 'application/json': { schema: { $ref: getSchemaPath(ErrorResponseDto) } } };

/** Where the identity provider's answer arrives, the organization's IP allowlist holds: its refusal is the API's JSON error. */
const ApiAnswerFailures = (): MethodDecorator =>
  applyDecorators(
    ApiFailurePages(401),
    ApiResponse({
      status: 403,
      description: `${FAILURE_PAGES_DOCUMENTED[403]}; or, from an address outside the organization\u2019s IP allowlist, the JSON error \`ip_not_allowed\``,
      content: { 'text/html': { schema: { type: 'string' } }, ...JSON_ERROR },
    }),
  );

const ConnectionParam = (): MethodDecorator =>
  ApiParam({
    name: 'connection_id',
    description: 'An SSO connection (`sso_…`)',
    schema: { type: 'string', pattern: idPattern('ssoConnection').source, example: exampleId('ssoConnection') },
  });

/**
 * Single sign-on for people: the redirect to an organization's identity provider, and its answer (SAML
 * ACS, OpenID callback) ending in a web session and a redirect into the web application. Failures are
 * HTML pages (SsoPageFilter). Current, not legacy, despite the `/api/` path.
 */
@ApiTags('Sign-in')
@Controller('api/auth')
@UseFilters(SsoPageFilter)
@ContentSecurity(PAGE_CONTENT_SECURITY)
export class SsoController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly connections: SsoConnectionsService,
    private readonly signIn: SsoSignInService,
    private readonly saml: SamlStrategy,
  ) {}

  @Get('sso')
  @Public()
  @UseGuards(SsoStartGuard)
  @ApiOperation({
    summary: 'Sign in with SSO',
    description: 'Redirects (302) to the identity provider of the organization whose verified domain the e-mail address is in.',
  })
  @ApiQuery({ name: 'email', required: true, example: 'ada@acme.test' })
  @ApiResponse({ status: 302, description: 'To the identity provider' })
  @ApiFailurePages(401, 403, 404)
  start(): void {
    // SsoStartGuard has redirected to the identity provider; Passport answered the request.
  }

  @Get('saml/:connection_id/metadata')
  @Public()
  @ApiOperation({
    summary: 'SAML service-provider metadata of a connection',
    description: 'Entity id (this address), the ACS address (HTTP-POST) and, when AuthnRequests are signed, the signing certificate.',
  })
  @ApiProduces('application/samlmetadata+xml')
  @ApiOkResponse({ description: 'EntityDescriptor XML', schema: { type: 'string' } })
  @ApiResponse({ status: 400, description: 'A connection id of the wrong shape', content: JSON_ERROR })
  @ApiResponse({ status: 404, description: 'No SAML connection has this id', content: JSON_ERROR })
  @ConnectionParam()
  async metadata(@Param('connection_id') id: string, @Req() request: SsoRequest, @Res() response: Response): Promise<void> {
    if (!idPattern('ssoConnection').test(id)) {
      const message = `connection_id must be a valid ${ID_PREFIXES.ssoConnection}_ id`;
      throw AppError.invalid(message, { connection_id: [message] });
    }
    const connection = await this.connections.byId(id);
    if (connection?.type !== 'saml') {
      throw AppError.notFound('SAML connection', id);
    }
    request.ssoConnection = connection;
    const certificate = (connection.config as SamlConnectionConfig).sp_certificate ?? null;
    const xml = await new Promise<string>((resolve, reject) =>
      this.saml.generateServiceProviderMetadata(request as never, null, certificate, (error, metadata) => (error ? reject(error) : resolve(metadata!))),
    );
    response.type('application/samlmetadata+xml').send(xml);
  }

  @Post('saml/:connection_id/acs')
  @HttpCode(303)
  @Public()
  @Accepts('form')
  @UseGuards(SamlGuard)
  @ApiOperation({ summary: 'SAML assertion consumer service', description: 'The identity provider posts `SAMLResponse` here (HTTP-POST binding).' })
  @ConnectionParam()
  @ApiBody({
    schema: {
      type: 'object',
      required: ['SAMLResponse'],
      properties: {
        SAMLResponse: { type: 'string', description: 'The base64 SAML Response, answering an AuthnRequest this service sent' },
        RelayState: { type: 'string', description: 'Accepted and ignored' },
      },
    },
  })
  @ApiResponse({ status: 303, description: 'Signed in: the session cookie is set, and the browser goes to the web application' })
  @ApiResponse({ status: 413, description: 'A body over 1 MiB (`payload_too_large`)', content: JSON_ERROR })
  @ApiAnswerFailures()
  async acs(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.finish(request, response);
  }

  @Get('oidc/:connection_id/callback')
  @Public()
  @UseGuards(OidcGuard)
  @ApiOperation({ summary: 'OpenID Connect redirect address', description: 'The identity provider sends the browser back here with `code` and `state`.' })
  @ConnectionParam()
  @ApiQuery({ name: 'iss', required: false, description: 'The provider\u2019s issuer (RFC 9207), checked when the provider sends it' })
  @ApiQuery({ name: 'error_description', required: false, description: 'Not shown to the person, nor kept' })
  @ApiQuery({ name: 'error', required: false, description: 'The provider\u2019s error instead of a code, e.g. `access_denied`' })
  @ApiQuery({ name: 'state', required: false, description: 'The state this service sent, as the browser\u2019s flow cookie holds it' })
  @ApiQuery({ name: 'code', required: false, description: 'The authorization code' })
  @ApiResponse({ status: 303, description: 'Signed in: the session cookie is set, and the browser goes to the web application' })
  @ApiAnswerFailures()
  async oidcCallback(@Req() request: Request, @Res() response: Response): Promise<void> {
    await this.finish(request, response);
  }

  @Get('saml/:connection_id/login')
  @Public()
  @UseGuards(SamlGuard)
  @ApiOperation({
    summary: 'Start a SAML sign-in with this connection',
    description:
      'Redirects to the identity provider with an AuthnRequest: the address for an identity provider\u2019s app tile (IdP-initiated responses are refused).',
  })
  @ConnectionParam()
  @ApiResponse({ status: 302, description: 'To the identity provider' })
  @ApiFailurePages(401, 403)
  samlLogin(): void {
    // SamlGuard has redirected to the identity provider.
  }

  @Get('oidc/:connection_id/login')
  @Public()
  @UseGuards(OidcGuard)
  @ApiOperation({ summary: 'Start an OpenID sign-in with this connection', description: 'The "initiate login URI" of an identity provider\u2019s app tile.' })
  @ConnectionParam()
  @ApiResponse({ status: 302, description: 'To the identity provider' })
  @ApiFailurePages(401, 403)
  oidcLogin(): void {
    // OidcGuard has redirected to the identity provider.
  }

  private async finish(request: Request, response: Response): Promise<void> {
    const opened = await this.signIn.complete(connectionOf(request)!, request.user as SsoIdentity, clientOf(request));
    response.append('Set-Cookie', sessionCookie(opened.cookie));
    response.redirect(303, `${publicOrigin(this.config, request)}/`);
  }
}
