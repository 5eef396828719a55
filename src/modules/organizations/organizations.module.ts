import { Module } from '@nestjs/common';
import { AuthModule } from '#src/modules/auth/auth.module.js';
import { OrganizationsRepository } from '#src/modules/organizations/organizations.repository.js';
import { OrganizationsService } from '#src/modules/organizations/organizations.service.js';
import { UsersModule } from '#src/modules/users/users.module.js';

@Module({
  imports: [UsersModule, AuthModule],
  providers: [OrganizationsRepository, OrganizationsService],
  exports: [OrganizationsService, OrganizationsRepository],
})
export class OrganizationsModule {}
