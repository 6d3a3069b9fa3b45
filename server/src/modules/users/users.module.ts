import { AccountProofs } from './account-proofs.js';
import { Module } from '@nestjs/common';
import { UsersAdminRepository } from './users-admin.repository.js';
import { UsersAdminService } from './users-admin.service.js';
import { UsersAdminController } from './users.admin.controller.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  controllers: [UsersController, UsersAdminController],
  providers: [
    AccountProofs,
    UsersRepository,
    UsersService,
    UsersAdminRepository,
    UsersAdminService,
  ],
  exports: [AccountProofs, UsersService],
})
export class UsersModule {}
