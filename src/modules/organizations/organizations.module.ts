import { Module } from '@nestjs/common';
import { OrganizationsRepository } from '#src/modules/organizations/organizations.repository.js';
import { OrganizationsService } from '#src/modules/organizations/organizations.service.js';
import { UsersModule } from '#src/modules/users/users.module.js';

@Module({
  imports: [UsersModule],
  providers: [OrganizationsRepository, OrganizationsService],
  exports: [OrganizationsService, OrganizationsRepository],
})
export class OrganizationsModule {}
