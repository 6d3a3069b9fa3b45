import { ApiProperty, OmitType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsIn, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { normalizeEmail } from '@zstore/contract/email-address';
import { GST_STATE_CODES } from '@zstore/contract/gst-states';
import { Messages } from '@zstore/contract/messages';
import { OrderCreateDto } from '../../orders/dto/order.dto.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
const email = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? normalizeEmail(value) : value;
const MOBILE = /^[6-9]\d{9}$/;

/** `createOrder`'s pack and player, and the guest's contacts instead of an account. */
export class GuestOrderDto extends OmitType(OrderCreateDto, [
  'userid',
  'couponCode',
  'paymentmode',
] as const) {
  @ApiProperty({ description: 'Where the receipt and the tax invoice are sent' })
  @Transform(email)
  @MaxLength(254, { message: Messages.invalidEmail })
  @IsEmail({}, { message: Messages.invalidEmail })
  @IsNotEmpty({ message: Messages.invalidEmail })
  email: string;

  @ApiProperty({ example: '9876543210', description: 'Finds the order again (look-up)' })
  @Transform(trim)
  @Matches(MOBILE, { message: Messages.invalidMobile })
  @IsNotEmpty({ message: Messages.invalidMobile })
  mobile: string;

  @ApiProperty({ enum: GST_STATE_CODES, example: '27', description: 'GST state code of residence' })
  @IsIn(GST_STATE_CODES, { message: Messages.invalidState })
  state: string;
}

/** A guest order and the mobile number it was placed with. */
export class GuestLookupDto {
  @ApiProperty()
  @Transform(trim)
  @IsString({ message: Messages.notFound })
  @MaxLength(16, { message: Messages.notFound })
  @IsNotEmpty({ message: Messages.notFound })
  orderid: string;

  @ApiProperty({ example: '9876543210' })
  @Transform(trim)
  @Matches(MOBILE, { message: Messages.invalidMobile })
  @IsNotEmpty({ message: Messages.invalidMobile })
  mobile: string;
}
