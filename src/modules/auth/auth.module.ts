import { Module } from '@nestjs/common';
import { AuthGuard } from '#src/modules/auth/auth.guard.js';
import { ApiKeyAuthenticator } from '#src/modules/auth/authenticators/api-key.authenticator.js';
import { AUTHENTICATORS, type Authenticator } from '#src/modules/auth/authenticators/authenticator.js';
import { OAuthTokenAuthenticator } from '#src/modules/auth/authenticators/oauth-token.authenticator.js';
import { SessionAuthenticator } from '#src/modules/auth/authenticators/session.authenticator.js';
import { IpGate } from '#src/modules/auth/ip-allowlist/ip-gate.js';
import { InvitationsService } from '#src/modules/auth/invitations/invitations.service.js';
import { PasswordHasher } from '#src/modules/auth/passwords/password-hasher.js';
import { SessionsController } from '#src/modules/auth/sessions/sessions.controller.js';
import { SessionsRepository } from '#src/modules/auth/sessions/sessions.repository.js';
import { SessionsService } from '#src/modules/auth/sessions/sessions.service.js';
import { AccountsRepository } from '#src/modules/auth/sign-in/accounts.repository.js';
import { LoginFailuresRepository } from '#src/modules/auth/sign-in/login-failures.repository.js';
import { LoginThrottle } from '#src/modules/auth/sign-in/login-throttle.js';
import { PasswordsController } from '#src/modules/auth/sign-in/passwords.controller.js';
import { SignInService } from '#src/modules/auth/sign-in/sign-in.service.js';
import { CredentialStanding } from '#src/modules/auth/standing/credential-standing.js';
import { UserTokensRepository } from '#src/modules/auth/user-tokens/user-tokens.repository.js';
import { UserTokensService } from '#src/modules/auth/user-tokens/user-tokens.service.js';
import { OAuthPayloadsRepository } from '#src/modules/oauth/server/oauth-payloads.repository.js';

/**
 * Who is calling, and how people sign in: the authenticators (one per kind of credential, asked in order
 * by the one guard), web sessions, passwords, invitations and resets. A new kind of credential is a new
 * authenticator in this list.
 */
@Module({
  controllers: [SessionsController, PasswordsController],
  providers: [
    OAuthTokenAuthenticator,
    ApiKeyAuthenticator,
    SessionAuthenticator,
    {
      provide: AUTHENTICATORS,
      useFactory: (...authenticators: Authenticator[]) => authenticators,
      inject: [OAuthTokenAuthenticator, ApiKeyAuthenticator, SessionAuthenticator],
    },
    AuthGuard,
    IpGate,
    PasswordHasher,
    SessionsRepository,
    SessionsService,
    AccountsRepository,
    LoginFailuresRepository,
    LoginThrottle,
    SignInService,
    UserTokensRepository,
    UserTokensService,
    InvitationsService,
    OAuthPayloadsRepository,
    CredentialStanding,
  ],
  exports: [
    AUTHENTICATORS,
    CredentialStanding,
    AuthGuard,
    IpGate,
    InvitationsService,
    UserTokensService,
    SignInService,
    SessionsService,
    OAuthPayloadsRepository,
  ],
})
export class AuthModule {}
