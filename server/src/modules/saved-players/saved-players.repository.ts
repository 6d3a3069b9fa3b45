import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';

export interface SavedPlayerRow {
  product_id: string;
  productname: string;
  input1: string;
  input2: string;
  updated_at: Date;
}

@Injectable()
export class SavedPlayersRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Keeps the player of an order just placed, in the order's transaction. */
  async remember(player: { userId: string; productId: string; input1: string; input2: string }) {
    await this.txHost.tx.query(
      `INSERT INTO saved_players (user_id, product_id, input1, input2) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, product_id)
       DO UPDATE SET input1 = EXCLUDED.input1, input2 = EXCLUDED.input2, updated_at = now()`,
      [player.userId, player.productId, player.input1, player.input2],
    );
  }

  /** The saved players of the user with this numeric userid, last used first. */
  list(userid: number): Promise<SavedPlayerRow[]> {
    return this.txHost.tx.query(
      `SELECT s.product_id, p.name AS productname, s.input1, s.input2, s.updated_at
       FROM saved_players s
       JOIN users u ON u.id = s.user_id
       JOIN products p ON p.id = s.product_id
       WHERE u.userid = $1
       ORDER BY s.updated_at DESC, p.name`,
      [userid],
    );
  }

  /** Whether there was a saved player to forget. */
  async forget(userid: number, productId: string): Promise<boolean> {
    const [, deleted] = await this.txHost.tx.query<[unknown, number]>(
      `DELETE FROM saved_players s USING users u
       WHERE u.id = s.user_id AND u.userid = $1 AND s.product_id = $2`,
      [userid, productId],
    );
    return deleted > 0;
  }
}
