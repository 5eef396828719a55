import { Global, Module } from '@nestjs/common';
import { ApiKeyVerifier } from '#src/modules/keys/api-key-verifier.service.js';
import { ApiKeysController } from '#src/modules/keys/api-keys.controller.js';
import { ApiKeysRepository } from '#src/modules/keys/api-keys.repository.js';
import { ApiKeysService } from '#src/modules/keys/api-keys.service.js';
import { KeyCacheService } from '#src/modules/keys/key-cache.service.js';
import { LegacyApiKeysController } from '#src/modules/keys/legacy/legacy-api-keys.controller.js';

@Global()
@Module({
  controllers: [ApiKeysController, LegacyApiKeysController],
  providers: [ApiKeysRepository, ApiKeysService, KeyCacheService, ApiKeyVerifier],
  exports: [ApiKeysService, ApiKeyVerifier],
})
export class KeysModule {}
