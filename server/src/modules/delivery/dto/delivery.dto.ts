import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsNotEmpty, IsString, MaxLength, Min } from 'class-validator';
import { Messages } from '../../../common/messages.js';

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
