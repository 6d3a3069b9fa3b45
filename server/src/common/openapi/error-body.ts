import { ApiProperty } from '@nestjs/swagger';

/** Every error answer (DESIGN 7): the text a person reads and a stable code to branch on. */
export class ErrorBody {
  @ApiProperty({ description: 'The text a person reads', example: 'Invalid request.' })
  message: string;

  @ApiProperty({ description: 'A stable identifier of the failure', example: 'VALIDATION' })
  code: string;
}

/** Under `/auth`, `/password`, `createWalletOrder` and `redeempoints` the text is also `msg`. */
export class ErrorBodyWithMsg extends ErrorBody {
  @ApiProperty({ description: 'The same text as `message`' })
  msg: string;
}

/** Under `createOrder` and `validatecoupon` the text is also `error`. */
export class ErrorBodyWithError extends ErrorBody {
  @ApiProperty({ description: 'The same text as `message`' })
  error: string;
}

/** Under `/otp` the body also says `success: false`. */
export class OtpErrorBody extends ErrorBody {
  @ApiProperty({ enum: [false] })
  success: boolean;
}

export type ErrorBodyType =
  typeof ErrorBody | typeof ErrorBodyWithMsg | typeof ErrorBodyWithError | typeof OtpErrorBody;
