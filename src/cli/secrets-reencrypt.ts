import type { INestApplicationContext, Type } from '@nestjs/common';
import { reencryptTable, type ReencryptionResult, type SealedSecretsTable } from '#src/common/crypto/sealed-secrets.js';
import { SecretCipher, SecretsUnavailableError } from '#src/common/crypto/secret-cipher.js';
import { ConnectorCredentialsRepository } from '#src/modules/connectors/oauth/connector-credentials.repository.js';
import { ProviderKeysRepository } from '#src/modules/provider-keys/provider-keys.repository.js';
import { SsoConnectionsRepository } from '#src/modules/sso/connections/sso-connections.repository.js';
import { WebhooksRepository } from '#src/modules/webhooks/webhooks.repository.js';

/**
 * Every stored secret sealed with SECRET_ENCRYPTION_KEYS, by the name the report gives it. Consents in
 * progress (their PKCE verifiers, ten minutes at most) are not among them: one started under an older key
 * is started again.
 */
const SEALED_TABLES = {
  providerKeys: ProviderKeysRepository,
  webhookSecrets: WebhooksRepository,
  ssoSecrets: SsoConnectionsRepository,
  connectorTokens: ConnectorCredentialsRepository,
} satisfies Record<string, Type<SealedSecretsTable>>;

export type SecretsReencryption = { keyId: string } & Record<keyof typeof SEALED_TABLES, ReencryptionResult>;

/**
 * `secrets:reencrypt`: seals every stored secret again under the first key of SECRET_ENCRYPTION_KEYS, so the
 * keys after it (a retired or leaked one) can be removed from the setting once nothing is reported failed.
 */
export async function reencryptSecrets(app: INestApplicationContext): Promise<SecretsReencryption> {
  const cipher = app.get(SecretCipher, { strict: false });
  if (!cipher.available) {
    throw new SecretsUnavailableError();
  }
  const report: Partial<SecretsReencryption> = { keyId: cipher.currentKeyId };
  for (const [name, table] of Object.entries(SEALED_TABLES) as Array<[keyof typeof SEALED_TABLES, Type<SealedSecretsTable>]>) {
    report[name] = await reencryptTable(cipher, app.get(table, { strict: false }));
  }
  return report as SecretsReencryption;
}

/** Whether a secret could not be opened, and so the older keys must stay. */
export function anyFailed(report: SecretsReencryption): boolean {
  return Object.keys(SEALED_TABLES).some((name) => report[name as keyof typeof SEALED_TABLES].failed.length > 0);
}
