import { AgentEntity } from '#src/modules/agents/agent.entity.js';
import { AuditEntryEntity } from '#src/modules/audit/audit-entry.entity.js';
import { WebSessionEntity } from '#src/modules/auth/sessions/web-session.entity.js';
import { LoginFailureEntity } from '#src/modules/auth/sign-in/login-failure.entity.js';
import { UserTokenEntity } from '#src/modules/auth/user-tokens/user-token.entity.js';
import { SourceFileEntity } from '#src/modules/connectors/file/source-file.entity.js';
import { ConnectorAuthorizationEntity } from '#src/modules/connectors/oauth/connector-authorization.entity.js';
import { ConnectorCredentialEntity } from '#src/modules/connectors/oauth/connector-credential.entity.js';
import { ChunkEntity } from '#src/modules/data-sources/chunk.entity.js';
import { DataSourceEntity } from '#src/modules/data-sources/data-source.entity.js';
import { DocumentEntity } from '#src/modules/data-sources/document.entity.js';
import { SyncRunEntity } from '#src/modules/data-sources/sync-run.entity.js';
import { EventEntity } from '#src/modules/events/event.entity.js';
import { InteractionEntity } from '#src/modules/interactions/interaction.entity.js';
import { ApiKeyEntity } from '#src/modules/keys/api-key.entity.js';
import { KbArticleVersionEntity } from '#src/modules/kb/kb-article-version.entity.js';
import { KbArticleEntity } from '#src/modules/kb/kb-article.entity.js';
import { OAuthClientEntity } from '#src/modules/oauth/clients/oauth-client.entity.js';
import { OAuthPayloadEntity } from '#src/modules/oauth/server/oauth-payload.entity.js';
import { OrganizationEntity } from '#src/modules/organizations/organization.entity.js';
import { ProviderKeyEntity } from '#src/modules/provider-keys/provider-key.entity.js';
import { SsoConnectionEntity } from '#src/modules/sso/connections/sso-connection.entity.js';
import { OrganizationDomainEntity } from '#src/modules/sso/domains/organization-domain.entity.js';
import { SsoAssertionEntity, SsoRequestEntity } from '#src/modules/sso/saml/sso-request.entity.js';
import { UserEntity } from '#src/modules/users/user.entity.js';
import { WebhookDeliveryEntity } from '#src/modules/webhooks/webhook-delivery.entity.js';
import { WebhookEntity } from '#src/modules/webhooks/webhook.entity.js';

/** Every entity of the schema; migrations are generated from this list. */
export const ENTITIES = [
  OrganizationEntity,
  UserEntity,
  ApiKeyEntity,
  AgentEntity,
  DataSourceEntity,
  KbArticleEntity,
  KbArticleVersionEntity,
  InteractionEntity,
  EventEntity,
  SyncRunEntity,
  DocumentEntity,
  ChunkEntity,
  SourceFileEntity,
  ProviderKeyEntity,
  WebhookEntity,
  WebhookDeliveryEntity,
  WebSessionEntity,
  UserTokenEntity,
  LoginFailureEntity,
  AuditEntryEntity,
  SsoConnectionEntity,
  OrganizationDomainEntity,
  SsoRequestEntity,
  SsoAssertionEntity,
  OAuthClientEntity,
  OAuthPayloadEntity,
  ConnectorCredentialEntity,
  ConnectorAuthorizationEntity,
];
