import { Module } from '@nestjs/common';
import { ProviderKeysController } from '#src/modules/provider-keys/provider-keys.controller.js';
import { ProviderKeysRepository } from '#src/modules/provider-keys/provider-keys.repository.js';
import { ProviderKeysService } from '#src/modules/provider-keys/provider-keys.service.js';

/** Customers' model provider keys: `ProviderKeysService.credentialsFor` for queries, `exists`/`find` for agents. */
@Module({
  controllers: [ProviderKeysController],
  providers: [ProviderKeysRepository, ProviderKeysService],
  exports: [ProviderKeysService],
})
export class ProviderKeysModule {}
