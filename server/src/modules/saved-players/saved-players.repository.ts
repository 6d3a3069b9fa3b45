import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';

interface SavedPlayerRow {
  product_id: string;
  productname: string;
  input1: string;
  input2: string;
  updated_at: Date;
}

/** A player a user ordered for, with the product's name. */
export interface SavedPlayer {
  productId: string;
  productName: string;
  input1: string;
  input2: string;
  /** When an order last used this player. */
  updatedAt: Date;
}

export function mapSavedPlayerRow(row: SavedPlayerRow): SavedPlayer {
  return {
    productId: row.product_id,
    productName: row.productname,
    input1: row.input1,
    input2: row.input2,
    updatedAt: new Date(row.updated_at),
  };
}

@Injectable()
export class SavedPlayersRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Keeps the player of an order just placed (its last use first in the list). */
  async remember(player: { userId: string; productId: string; input1: string; input2: string }) {
    await this.txHost.tx.query(
      `INSERT INTO saved_players (user_id, product_id, input1, input2) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, product_id)
       DO UPDATE SET input1 = EXCLUDED.input1, input2 = EXCLUDED.input2, updated_at = now()`,
      [player.userId, player.productId, player.input1, player.input2],
    );
  }

  /** The saved players of the user with this numeric userid, last used first. */
  async list(userid: number): Promise<SavedPlayer[]> {
    const rows: SavedPlayerRow[] = await this.txHost.tx.query(
      `SELECT s.product_id, p.name AS productname, s.input1, s.input2, s.updated_at
       FROM saved_players s
       JOIN users u ON u.id = s.user_id
       JOIN products p ON p.id = s.product_id
       WHERE u.userid = $1
       ORDER BY s.updated_at DESC, p.name`,
      [userid],
    );
    return rows.map(mapSavedPlayerRow);
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
