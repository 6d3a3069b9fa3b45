import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from './entities/user.entity.js';
import { UsersAdminService } from './users-admin.service.js';
import { UsersAdminController } from './users.admin.controller.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity])],
  controllers: [UsersController, UsersAdminController],
  providers: [UsersRepository, UsersService, UsersAdminService],
  exports: [UsersService],
})
export class UsersModule {}
