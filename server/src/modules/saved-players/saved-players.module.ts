import { Module } from '@nestjs/common';
import { SavedPlayersController } from './saved-players.controller.js';
import { SavedPlayersRepository } from './saved-players.repository.js';

@Module({
  controllers: [SavedPlayersController],
  providers: [SavedPlayersRepository],
  exports: [SavedPlayersRepository],
})
export class SavedPlayersModule {}
