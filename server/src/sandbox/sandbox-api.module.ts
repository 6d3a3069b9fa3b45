import { Module } from '@nestjs/common';
import { OutboxApiController } from './outbox/outbox.controller.js';
import { SandboxModule } from './sandbox.module.js';

/** The sandbox's JSON calls, mounted under `/api` like the rest of the API. */
@Module({
  imports: [SandboxModule],
  controllers: [OutboxApiController],
})
export class SandboxApiModule {}
