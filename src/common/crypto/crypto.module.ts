import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#src/config/app-config.js';
import { SecretCipher } from '#src/common/crypto/secret-cipher.js';

/** The cipher for secrets kept at rest (provider keys, webhook signing secrets, single sign-on secrets, connector tokens), under SECRET_ENCRYPTION_KEYS. */
@Global()
@Module({
  providers: [{ provide: SecretCipher, useFactory: (config: AppConfig) => new SecretCipher(config.secrets.encryptionKeys), inject: [APP_CONFIG] }],
  exports: [SecretCipher],
})
export class CryptoModule {}
