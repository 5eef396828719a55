import { Module } from '@nestjs/common';
import { AuthModule } from '#src/modules/auth/auth.module.js';
import { UsersController } from '#src/modules/users/users.controller.js';
import { UsersRepository } from '#src/modules/users/users.repository.js';
import { UsersService } from '#src/modules/users/users.service.js';

@Module({
  imports: [AuthModule],
  controllers: [UsersController],
  providers: [UsersRepository, UsersService],
  exports: [UsersService],
})
export class UsersModule {}
