/** Where one OAuth provider lives and the service's client there, from configuration (validated at start-up). */
export interface ProviderEndpoints {
  /** Unset: the operator has not registered the service with this provider, and its sources cannot connect. */
  clientId: string | undefined;
  clientSecret: string | undefined;
  authorizeUrl: string;
  tokenUrl: string;
  /** Unset: the provider offers no token revocation; disconnecting deletes the tokens here only. */
  revokeUrl: string | undefined;
  /** The API's base URL, without a trailing slash. */
  apiUrl: string;
}
