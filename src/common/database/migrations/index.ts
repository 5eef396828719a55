import { Init1795303492799 } from '#src/common/database/migrations/1795303492799-Init.js';
import { Ingestion1795307070851 } from '#src/common/database/migrations/1795307070851-Ingestion.js';
import { KnowledgeBaseIndex1795309398991 } from '#src/common/database/migrations/1795309398991-KnowledgeBaseIndex.js';
import { InteractionStatus1795309494678 } from '#src/common/database/migrations/1795309494678-InteractionStatus.js';
import { ProviderKeys1795309964864 } from '#src/common/database/migrations/1795309964864-ProviderKeys.js';
import { Webhooks1795311637874 } from '#src/common/database/migrations/1795311637874-Webhooks.js';
import { Analytics1795312436058 } from '#src/common/database/migrations/1795312436058-Analytics.js';
import { AnalyticsDailyRollup1795320000000 } from '#src/common/database/migrations/1795320000000-AnalyticsDailyRollup.js';
import { ChunkTsvInline1795330000000 } from '#src/common/database/migrations/1795330000000-ChunkTsvInline.js';
import { SearchStats1795340000000 } from '#src/common/database/migrations/1795340000000-SearchStats.js';
import { ChunkHeadingsAndFileNames1795641958427 } from '#src/common/database/migrations/1795641958427-ChunkHeadingsAndFileNames.js';
import { PeopleSignIn1795647352918 } from '#src/common/database/migrations/1795647352918-PeopleSignIn.js';
import { SingleSignOn1795652770806 } from '#src/common/database/migrations/1795652770806-SingleSignOn.js';
import { OAuthClients1795655717107 } from '#src/common/database/migrations/1795655717107-OAuthClients.js';
import { OAuthServerStore1795656107116 } from '#src/common/database/migrations/1795656107116-OAuthServerStore.js';
import { ConnectorConnections1795673947307 } from '#src/common/database/migrations/1795673947307-ConnectorConnections.js';
import { KbArticleIndexedAt1795727061721 } from '#src/common/database/migrations/1795727061721-KbArticleIndexedAt.js';
import { KbArticleBehindIndex1795746339695 } from '#src/common/database/migrations/1795746339695-KbArticleBehindIndex.js';
import { ConnectorConsentActor1795746885743 } from '#src/common/database/migrations/1795746885743-ConnectorConsentActor.js';
import { ChunkIdentifierWords1795760000000 } from '#src/common/database/migrations/1795760000000-ChunkIdentifierWords.js';
import { OAuthCredentialsHashed1795770000000 } from '#src/common/database/migrations/1795770000000-OAuthCredentialsHashed.js';
import { WebhookDeliveryHeld1795780000000 } from '#src/common/database/migrations/1795780000000-WebhookDeliveryHeld.js';
import { ConnectorConsentAccessToken1795790000000 } from '#src/common/database/migrations/1795790000000-ConnectorConsentAccessToken.js';
import { InteractionPending1795800000000 } from '#src/common/database/migrations/1795800000000-InteractionPending.js';

/** In order. New migrations are generated with `npm run migration:generate -- <Name>` and appended here. */
export const MIGRATIONS = [
  Init1795303492799,
  Ingestion1795307070851,
  KnowledgeBaseIndex1795309398991,
  InteractionStatus1795309494678,
  ProviderKeys1795309964864,
  Webhooks1795311637874,
  Analytics1795312436058,
  AnalyticsDailyRollup1795320000000,
  ChunkTsvInline1795330000000,
  SearchStats1795340000000,
  ChunkHeadingsAndFileNames1795641958427,
  PeopleSignIn1795647352918,
  SingleSignOn1795652770806,
  OAuthClients1795655717107,
  OAuthServerStore1795656107116,
  ConnectorConnections1795673947307,
  KbArticleIndexedAt1795727061721,
  KbArticleBehindIndex1795746339695,
  ConnectorConsentActor1795746885743,
  ChunkIdentifierWords1795760000000,
  OAuthCredentialsHashed1795770000000,
  WebhookDeliveryHeld1795780000000,
  ConnectorConsentAccessToken1795790000000,
  InteractionPending1795800000000,
];
