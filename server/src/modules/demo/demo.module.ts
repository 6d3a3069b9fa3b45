import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { UsersModule } from '../users/users.module.js';
import { DemoDataService } from './demo-data.service.js';

@Module({
  imports: [AuthModule, UsersModule],
  providers: [DemoDataService],
  exports: [DemoDataService],
})
export class DemoModule {}
