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
   */
  async remember(player: { userId: string; productId: string; input1: string; input2: string }) {
    await this.txHost.tx.query(
      `INSERT INTO saved_players (user_id, product_id, input1, input2, updated_at)
       VALUES ($1, $2, $3, $4, now())
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
