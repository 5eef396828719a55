import { SecretDecryptionError, type SealedKey, type SecretCipher } from '#src/common/crypto/secret-cipher.js';

/** One row's secrets sealed with SECRET_ENCRYPTION_KEYS, by field (a field may hold none). */
export interface SealedSecretsRow {
  id: string;
  orgId: string;
  secrets: Readonly<Record<string, SealedKey | null>>;
}

/**
 * A table holding sealed secrets, as a re-encryption walks it across organizations (an operator command
 * serving every organization), in id order.
 */
export interface SealedSecretsTable {
  /** Rows with a secret sealed by another key than `currentKeyId`, after `afterId`. */
  staleSecrets(currentKeyId: string, afterId: string, limit: number): Promise<SealedSecretsRow[]>;
  countSecretRows(): Promise<number>;
  /** Writes `resealed` only if the row still holds the secrets that were read: a value changed meanwhile wins. */
  replaceSecrets(row: SealedSecretsRow, resealed: Record<string, SealedKey | null>): Promise<boolean>;
}

export interface ReencryptionResult {
  total: number;
  reencrypted: number;
  /** Rows a secret of which no configured key opens: left as they are. */
  failed: string[];
}

const BATCH = 100;

/**
 * Seals again under the current (first) key of SECRET_ENCRYPTION_KEYS every secret of `table` that another
 * key sealed, so that key can leave the setting. Idempotent, and safe while the service runs.
 */
export async function reencryptTable(cipher: SecretCipher, table: SealedSecretsTable): Promise<ReencryptionResult> {
  const current = cipher.currentKeyId;
  let reencrypted = 0;
  const failed: string[] = [];
  let after = '';
  for (;;) {
    const rows = await table.staleSecrets(current, after, BATCH);
    for (const row of rows) {
      const resealed = reseal(cipher, row);
      if (resealed === undefined) {
        failed.push(row.id);
      } else if (await table.replaceSecrets(row, resealed)) {
        reencrypted++;
      }
    }
    if (rows.length < BATCH) {
      return { total: await table.countSecretRows(), reencrypted, failed };
    }
    after = rows[rows.length - 1].id;
  }
}

/** The row's secrets sealed under the current key; undefined when one of them cannot be opened. */
function reseal(cipher: SecretCipher, row: SealedSecretsRow): Record<string, SealedKey | null> | undefined {
  const resealed: Record<string, SealedKey | null> = {};
  for (const [field, sealed] of Object.entries(row.secrets)) {
    if (sealed === null || !cipher.isStale(sealed.keyId)) {
      resealed[field] = sealed;
      continue;
    }
    try {
      resealed[field] = cipher.encrypt(row.orgId, cipher.decrypt(row.orgId, sealed));
    } catch (error) {
      if (error instanceof SecretDecryptionError) {
        return undefined;
      }
      throw error;
    }
  }
  return resealed;
}
