import { Module } from '@nestjs/common';
import { AuthModule } from '#src/modules/auth/auth.module.js';
import { OrganizationsRepository } from '#src/modules/organizations/organizations.repository.js';
import { OrganizationsService } from '#src/modules/organizations/organizations.service.js';
import { OrganizationSettingsController } from '#src/modules/organizations/settings/organization-settings.controller.js';
import { OrganizationSettingsService } from '#src/modules/organizations/settings/organization-settings.service.js';
import { SsoModule } from '#src/modules/sso/sso.module.js';
import { UsersModule } from '#src/modules/users/users.module.js';

@Module({
  imports: [UsersModule, AuthModule, SsoModule],
  controllers: [OrganizationSettingsController],
  providers: [OrganizationsRepository, OrganizationsService, OrganizationSettingsService],
  exports: [OrganizationsService, OrganizationsRepository, OrganizationSettingsService],
})
export class OrganizationsModule {}
