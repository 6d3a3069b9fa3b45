import { ApiProperty } from '@nestjs/swagger';
import { IsUUID, Matches } from 'class-validator';
import { Messages } from '@zstore/contract/messages';
import type { SavedPlayerRow } from '../saved-players.repository.js';

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

  static from(row: SavedPlayerRow): SavedPlayerDto {
    return {
      product_id: row.product_id,
      productname: row.productname,
      input1: row.input1,
      input2: row.input2,
      updatedAt: new Date(row.updated_at).toISOString(),
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
