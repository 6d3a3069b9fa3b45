import { Injectable } from '@nestjs/common';
import { SavedPlayersRepository } from './saved-players.repository.js';

/** What other modules may do with saved players: remember the one an order was placed for. */
@Injectable()
export class SavedPlayersService {
  constructor(private readonly players: SavedPlayersRepository) {}

  /** Called after an order's commit, so a refused or rolled-back order remembers nothing. */
  remember(player: { userId: string; productId: string; input1: string; input2: string }) {
    return this.players.remember(player);
  }
}
