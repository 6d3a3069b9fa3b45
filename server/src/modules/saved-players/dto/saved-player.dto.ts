import { ApiProperty } from '@nestjs/swagger';
import { IsUUID, Matches } from 'class-validator';
import { Messages } from '@zstore/contract/messages';
import type { SavedPlayer } from '../saved-players.repository.js';

const malformed = { message: Messages.malformedRequest };

export class SavedPlayerDto {
  @ApiProperty({ description: "The product's _id" })
  product_id: string;

  @ApiProperty()
  productname: string;

  @ApiProperty({ description: 'Player id, or the e-mail for OTT products' })
  input1: string;

  @ApiProperty({ description: 'Zone, server or second field' })
  input2: string;

  @ApiProperty({ format: 'date-time', description: 'When an order last used this player' })
  updatedAt: string;

  static from(player: SavedPlayer): SavedPlayerDto {
    return {
      product_id: player.productId,
      productname: player.productName,
      input1: player.input1,
      input2: player.input2,
      updatedAt: player.updatedAt.toISOString(),
    };
  }
}

/** The path of one saved player: whose, and for which product. */
export class SavedPlayerPathDto {
  @ApiProperty({ description: "The owner's numeric userid", pattern: '^\\d{1,15}$' })
  @Matches(/^\d{1,15}$/, malformed)
  userid: string;

  @ApiProperty({ description: "The product's _id", format: 'uuid' })
  @IsUUID('all', malformed)
  productId: string;
}

export class SavedPlayerDeletedDto {
  @ApiProperty()
  msg: string;
}
