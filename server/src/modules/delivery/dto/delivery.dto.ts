import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsString, MaxLength, Min } from 'class-validator';
import { Messages } from '@zstore/contract/messages';
import type { SupplierPurchase } from '../supplier-purchases.repository.js';

const details = { message: Messages.selectPackAndDetails };
/** Ids may arrive as numbers from the spec's clients; they are compared as trimmed strings. */
const toText = ({ value }: { value: unknown }) =>
  typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : value;

/** Spec 000 section 7: the player check before an MLBB order. */
export class CheckIdDto {
  @ApiProperty({ description: 'The player id' })
  @Transform(toText)
  @IsString(details)
  @IsNotEmpty(details)
  @MaxLength(32, details)
  userid: string;

  @ApiProperty({ description: 'The zone (or server)' })
  @Transform(toText)
  @IsString(details)
  @IsNotEmpty(details)
  @MaxLength(64, details)
  zoneid: string;

  @ApiProperty({ description: "The product's _id" })
  @Transform(toText)
  @IsString(details)
  @IsNotEmpty(details)
  @MaxLength(64, details)
  selectedProduct: string;

  @ApiProperty({ description: "The item's _id" })
  @Transform(toText)
  @IsString(details)
  @IsNotEmpty(details)
  @MaxLength(64, details)
  selectedItem: string;
}

export class CheckIdResponseDto {
  @ApiProperty({ description: "'success', or the supplier's message verbatim" })
  message: string;

  @ApiProperty({
    description: "Smile.one's `use` ('b' for an Indonesian account); empty otherwise",
  })
  use: string;

  @ApiProperty({ description: 'The in-game name; empty unless the check succeeded' })
  username: string;
}

export class SupplierPointsResponseDto {
  @ApiProperty({ description: "Smile.one's body status (200 on success)" })
  status: number;

  @ApiProperty({ description: 'The region balance as Smile.one writes it, e.g. "60575.0"' })
  smile_points: string;

  @ApiProperty()
  message: string;
}

/** The admin's ruling on a pack whose outcome is unknown (DESIGN section 5). */
export class SettlePackDto {
  @ApiProperty({ description: 'The pack number (1 is the first of the item)' })
  @IsInt()
  @Min(1)
  pack: number;

  @ApiProperty({ description: "Whether the supplier's dashboard shows the pack delivered" })
  @IsBoolean()
  delivered: boolean;
}

/** One supplier pack of an order, as the console's Pending Orders card shows it. */
export class OrderPackResponseDto {
  @ApiProperty({ description: 'The pack number (1 is the first of the item)' }) pack: number;
  @ApiProperty({ enum: ['smileone', 'moogold'] }) supplier: string;
  @ApiProperty({ description: "The supplier's product id" }) productRef: string;
  @ApiProperty({ description: 'Our reference, `<orderid>-<pack>`' }) reference: string;
  @ApiPropertyOptional({ nullable: true, type: String }) supplierReference: string | null;
  @ApiProperty({ enum: ['reserved', 'sent', 'confirmed', 'failed', 'unknown'] }) status: string;
  @ApiPropertyOptional({ nullable: true, enum: ['player', 'store'] }) failure: string | null;
  @ApiProperty() tries: number;
  @ApiPropertyOptional({ nullable: true, type: String }) error: string | null;
  @ApiProperty() updatedAt: string;
}

/** The answer to retrying a delivery or settling a pack. */
export class DeliveryActionResponseDto {
  @ApiProperty() message: string;
  @ApiProperty() orderid: string;
}

export function mapOrderPack(purchase: SupplierPurchase): OrderPackResponseDto {
  return {
    pack: purchase.pack,
    supplier: purchase.supplier,
    productRef: purchase.productRef,
    reference: purchase.reference,
    supplierReference: purchase.supplierReference,
    status: purchase.status,
    failure: purchase.failure,
    tries: purchase.tries,
    error: purchase.error,
    updatedAt: purchase.updatedAt.toISOString(),
  };
}
