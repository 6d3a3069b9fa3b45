import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { SavedPlayerEntity } from './saved-player.entity.js';

/** A player a user ordered for, with the product's name. */
export type SavedPlayer = Pick<
  SavedPlayerEntity,
  'productId' | 'input1' | 'input2' | 'updatedAt'
> & {
  productName: string;
};

@Injectable()
export class SavedPlayersRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get players() {
    return this.txHost.tx.getRepository(SavedPlayerEntity);
  }

  /**
   * Keeps the player of an order just placed (its last use first in the list). SQL: it follows
   * every storefront order, and `upsert` builds the same statement at several times the CPU.
   * An order for the player already first in the list, used in the last minute, writes nothing:
   * a shop ordering again and again for one player then commits no second transaction per order
   * and does not queue on that row.
   */
  async remember(player: { userId: string; productId: string; input1: string; input2: string }) {
    await this.txHost.tx.query(
      `INSERT INTO saved_players (user_id, product_id, input1, input2, updated_at)
       SELECT $1::uuid, $2::uuid, $3::varchar, $4::varchar, now()
       WHERE NOT EXISTS (
         SELECT FROM (SELECT product_id, input1, input2, updated_at FROM saved_players
                      WHERE user_id = $1 ORDER BY updated_at DESC LIMIT 1) latest
         WHERE latest.product_id = $2 AND latest.input1 = $3 AND latest.input2 = $4
           AND latest.updated_at > now() - interval '1 minute')
       ON CONFLICT (user_id, product_id)
       DO UPDATE SET input1 = EXCLUDED.input1, input2 = EXCLUDED.input2, updated_at = now()`,
      [player.userId, player.productId, player.input1, player.input2],
    );
  }

  /** The saved players of the user with this numeric userid, last used first. */
  list(userid: number): Promise<SavedPlayer[]> {
    return this.players
      .createQueryBuilder('player')
      .select('player.productId', 'productId')
      .addSelect('product.name', 'productName')
      .addSelect('player.input1', 'input1')
      .addSelect('player.input2', 'input2')
      .addSelect('player.updatedAt', 'updatedAt')
      .innerJoin('users', 'owner', 'owner.id = player.user_id')
      .innerJoin('products', 'product', 'product.id = player.product_id')
      .where('owner.userid = :userid', { userid })
      .orderBy('player.updatedAt', 'DESC')
      .addOrderBy('product.name', 'ASC')
      .getRawMany<SavedPlayer>();
  }

  /** Whether there was a saved player to forget. */
  async forget(userid: number, productId: string): Promise<boolean> {
    const { affected } = await this.players
      .createQueryBuilder()
      .delete()
      .where('product_id = :productId', { productId })
      .andWhere('user_id = (SELECT id FROM users WHERE userid = :userid)', { userid })
      .execute();
    return (affected ?? 0) > 0;
  }
}
