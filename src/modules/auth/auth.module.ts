import { Module } from '@nestjs/common';
import { AuthGuard } from '#src/modules/auth/auth.guard.js';
import { ApiKeyAuthenticator } from '#src/modules/auth/authenticators/api-key.authenticator.js';
import { AUTHENTICATORS, type Authenticator } from '#src/modules/auth/authenticators/authenticator.js';

/**
 * Who is calling: the authenticators (one per kind of credential) and the one guard that asks them. A new
 * kind of credential is a new authenticator in this list.
 */
@Module({
  providers: [
    ApiKeyAuthenticator,
    { provide: AUTHENTICATORS, useFactory: (...authenticators: Authenticator[]) => authenticators, inject: [ApiKeyAuthenticator] },
    AuthGuard,
  ],
  exports: [AUTHENTICATORS, AuthGuard],
})
export class AuthModule {}
