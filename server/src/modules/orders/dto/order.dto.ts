import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Messages } from '@zstore/contract/messages';
import { toRupees } from '../../../common/money.js';
import { PaymentLinksDto, UpiIntentDto } from '../../payments/payment-links.js';
import type { LivePaymentLinks } from '../../payments/upi-payments.service.js';
import type { Order } from '../order.js';

const details = { message: Messages.selectPackAndDetails };
const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The spec's order object (createOrder and createWalletOrder take the same body). */
export class OrderCreateDto {
  @ApiProperty({ description: "The item's numeric itemid" })
  @Transform(toNumber)
  @IsInt(details)
  itemid: number;

  @ApiProperty({ description: "The item's _id" })
  @IsString(details)
  @IsNotEmpty(details)
  @MaxLength(64, details)
  item_id: string;

  @ApiProperty({ description: "The product's _id" })
  @IsString(details)
  @IsNotEmpty(details)
  @MaxLength(64, details)
  product_id: string;

  @ApiProperty({ description: "The caller's numeric userid" })
  @Transform(toNumber)
  @IsInt(details)
  userid: number;

  @ApiProperty({ description: 'Player id, or the e-mail for OTT products' })
  @Transform(trim)
  @IsString(details)
  @IsNotEmpty(details)
  @MaxLength(254, details)
  input1: string;

  @ApiProperty({ description: 'Zone, server or second field' })
  @Transform(trim)
  @IsString(details)
  @IsNotEmpty(details)
  @MaxLength(64, details)
  input2: string;

  @ApiPropertyOptional({ enum: ['upi', 'wallet'] })
  @IsOptional()
  @IsIn(['upi', 'wallet'], details)
  paymentmode?: 'upi' | 'wallet';

  @ApiPropertyOptional()
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(40, { message: Messages.couponInvalid })
  couponCode?: string;

  /** The spec's client-embedded key: accepted and ignored (a key in a browser bundle is public). */
  @ApiPropertyOptional({ description: 'Accepted and ignored' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  api_key?: string;

  @ApiPropertyOptional({ description: 'Accepted and ignored' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  apiKey?: string;
}

export class OrderStatusRequestDto {
  @ApiProperty()
  @IsString({ message: Messages.notFound })
  @MaxLength(64, { message: Messages.notFound })
  client_txn_id: string;

  @ApiPropertyOptional({ description: 'DD-MM-YYYY; the stored creation date is used instead' })
  @IsOptional()
  @IsString()
  @MaxLength(10)
  date?: string;

  @ApiPropertyOptional({ description: 'Accepted and ignored' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  api_key?: string;

  @ApiPropertyOptional({ description: 'Accepted and ignored' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  apiKey?: string;
}

export class OrderSourceDto {
  @ApiProperty({ description: "The reseller's reference" }) reference: string;
  @ApiProperty({ description: 'The label of the API key that placed it' }) keyLabel: string;
}

export class OrderResponseDto {
  @ApiProperty({ description: 'Equals _id (react-admin)' }) id: string;
  @ApiProperty() _id: string;
  @ApiProperty() orderid: string;
  @ApiPropertyOptional({ nullable: true, type: String }) transactionid: string | null;
  @ApiProperty() productname: string;
  @ApiProperty() itemname: string;
  @ApiProperty({ description: "The product's _id" }) productId: string;
  @ApiProperty({ description: "The item's _id" }) itemId: string;
  @ApiProperty({ enum: ['Created', 'Processing', 'Completed', 'Refunded', 'Failed', 'Cancelled'] })
  status: string;
  @ApiProperty() input1: string;
  @ApiProperty() input2: string;
  @ApiProperty({ description: 'Rupees paid' }) value: number;
  @ApiProperty({ description: 'Rupees before the coupon' }) price: number;
  @ApiProperty({ description: 'Rupees off' }) discount: number;
  @ApiProperty() useremail: string;
  @ApiProperty() userid: number;
  @ApiProperty({ enum: ['upi', 'wallet'] }) paymentmode: string;
  @ApiPropertyOptional({ nullable: true, type: String }) reason: string | null;
  @ApiProperty({ enum: ['pending', 'in_progress', 'delivered', 'needs_attention', 'refunded'] })
  fulfilmentStatus: string;
  @ApiPropertyOptional({ nullable: true, type: String }) attention: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'Why the order ended as it did and where the money went, in plain words',
  })
  customerReason: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'The in-game name the player check found at checkout',
  })
  username: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: "The gateway's payment page, while an unpaid UPI order can still be paid",
  })
  paymentUrl: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: UpiIntentDto,
    description: "The gateway's UPI app links of the same payment, while it can still be paid",
  })
  upiIntent: UpiIntentDto | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'When the unpaid UPI payment expires, while it can still be paid',
  })
  paymentExpiresAt: string | null;
  @ApiProperty({ description: 'Delivered by a supplier API' }) isApi: boolean;
  @ApiProperty({ description: 'Placed by a guest, without an account' }) guest: boolean;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'When the payment was confirmed; the delivery promise counts from here',
  })
  paidAt: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: Number,
    description: 'The delivery promise shown when it was bought, in minutes from the payment',
  })
  promiseMinutes: number | null;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'When the delivery promise is missed (set at payment)',
  })
  promiseDueAt: string | null;
  @ApiPropertyOptional({
    nullable: true,
    type: Number,
    description: 'Rupees of Z-Coins paid because the order missed its delivery promise',
  })
  compensation: number | null;
  @ApiProperty() createdAt: string;
  @ApiProperty() updatedAt: string;
  @ApiPropertyOptional({
    type: OrderSourceDto,
    nullable: true,
    description: 'Console lists: set for orders placed through the reseller API',
  })
  api?: OrderSourceDto | null;
}

/**
 * `live`: an unpaid UPI order's payment page, app links and expiry while its payment can still be
 * paid (`OrderPayments.liveLinks`).
 */
export function mapOrder(order: Order, live?: LivePaymentLinks): OrderResponseDto {
  return {
    id: order.id,
    _id: order.id,
    orderid: order.orderid,
    transactionid: order.transactionId,
    productname: order.productName,
    itemname: order.itemName,
    productId: order.productId,
    itemId: order.itemId,
    status: order.status,
    input1: order.input1,
    input2: order.input2,
    value: toRupees(order.value),
    price: toRupees(order.price),
    discount: toRupees(order.discount),
    useremail: order.userEmail,
    userid: order.userid,
    paymentmode: order.paymentMode,
    reason: order.reason,
    fulfilmentStatus: order.deliveryStatus,
    attention: order.attention,
    customerReason: order.customerReason,
    username: order.playerName,
    paymentUrl: live?.paymentUrl ?? null,
    upiIntent: live?.upiIntent ?? null,
    paymentExpiresAt: live?.expiresAt.toISOString() ?? null,
    isApi: order.isApi,
    guest: order.guest,
    paidAt: order.paidAt?.toISOString() ?? null,
    promiseMinutes: order.promiseMinutes,
    promiseDueAt: order.promiseDueAt?.toISOString() ?? null,
    compensation: order.compensation === null ? null : toRupees(order.compensation),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

export class PaymentUrlDto extends PaymentLinksDto {
  @ApiProperty() orderid: string;
}

export class UpiOrderResponseDto {
  @ApiProperty() status: boolean;
  @ApiProperty({ type: PaymentUrlDto }) data: PaymentUrlDto;
}

export class WalletOrderResponseDto {
  @ApiProperty() msg: string;
  @ApiProperty() redirect_url: string;
  @ApiProperty() orderid: string;
}

export class GatewayStatusDto {
  @ApiProperty() status: string;
  @ApiPropertyOptional({ nullable: true, type: String }) upi_txn_id: string | null;
}

export class OrderStatusResponseDto {
  @ApiProperty({ type: OrderResponseDto }) order: OrderResponseDto;
  @ApiPropertyOptional({ type: GatewayStatusDto, nullable: true }) data: GatewayStatusDto | null;
}

export class OrderStatsDto {
  @ApiProperty() total_order: number;
  @ApiProperty() completed: number;
  @ApiProperty() refunded: number;
}
