import { Module } from '@nestjs/common';
import { SavedPlayersController } from './saved-players.controller.js';
import { SavedPlayersRepository } from './saved-players.repository.js';
import { SavedPlayersService } from './saved-players.service.js';

@Module({
  controllers: [SavedPlayersController],
  providers: [SavedPlayersRepository, SavedPlayersService],
  exports: [SavedPlayersService],
})
export class SavedPlayersModule {}
