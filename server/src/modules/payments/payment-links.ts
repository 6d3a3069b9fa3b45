import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { UpiCreatedOrder } from '../../providers/upigateway/upigateway.adapter.js';
import { toRupees } from '../../common/money.js';
import type { StartedPayable } from './payment-port.js';

/** The gateway's UPI app links, as it names them; an app it sent no link for is absent. */
export class UpiIntentDto {
  @ApiPropertyOptional({ description: 'Google Pay' }) gpay_link?: string;
  @ApiPropertyOptional({ description: 'PhonePe' }) phonepe_link?: string;
  @ApiPropertyOptional({ description: 'Paytm' }) paytm_link?: string;
  @ApiPropertyOptional({ description: 'BHIM; a plain `upi://pay` link any UPI app opens' })
  bhim_link?: string;
}

/** Where and how to pay a payable, beside its id in the create answers. */
export class PaymentLinksDto {
  @ApiProperty({ description: "The gateway's payment page (older clients send the buyer there)" })
  payment_url: string;
  @ApiProperty({
    type: UpiIntentDto,
    description:
      'Links that open a UPI app with the payment filled in; empty when nothing is left to pay',
  })
  upi_intent: UpiIntentDto;
  @ApiPropertyOptional({ description: 'Rupees to pay' }) amount?: number;
  @ApiPropertyOptional({
    nullable: true,
    type: String,
    description: 'When the payment expires (ISO 8601)',
  })
  expires_at?: string | null;
}

export function paymentLinks(
  payable: StartedPayable,
  created: Pick<UpiCreatedOrder, 'paymentUrl' | 'upiIntent'>,
): PaymentLinksDto {
  return {
    payment_url: created.paymentUrl,
    upi_intent: created.upiIntent,
    amount: toRupees(payable.amount),
    expires_at: payable.expiresAt?.toISOString() ?? null,
  };
}
