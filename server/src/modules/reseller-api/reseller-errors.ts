import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';

/** The reseller API's codes (RESELLER-API.md); the body is the store's `{ message, code }`. */
export enum ResellerErrorCode {
  InvalidSignature = 'INVALID_SIGNATURE',
  TimestampSkew = 'TIMESTAMP_SKEW',
  IpNotAllowed = 'IP_NOT_ALLOWED',
  OrderNotFound = 'ORDER_NOT_FOUND',
  ReferenceReused = 'REFERENCE_REUSED',
  InsufficientBalance = 'INSUFFICIENT_BALANCE',
  OutOfStock = 'OUT_OF_STOCK',
  InvalidInput = 'INVALID_INPUT',
  KeyNotFound = 'KEY_NOT_FOUND',
  NotReseller = 'NOT_RESELLER',
  TestKeyOnly = 'TEST_KEY_ONLY',
}

export const ResellerMessages = {
  invalidSignature: 'The request signature is not valid.',
  timestampSkew: 'X-Timestamp is more than 300 seconds from the server time.',
  ipNotAllowed: 'This key may not be used from this address.',
  orderNotFound: 'No order has this reference.',
  referenceReused: 'This reference was already used for a different order.',
  insufficientBalance: 'Not enough balance for this order.',
  keyNotFound: 'No such key.',
  notReseller: 'API keys are for reseller accounts only.',
  testKeyOnly: 'Only a test key can top up the test balance.',
  invalidCursor: 'The cursor is not valid.',
  invalidPeriod: 'Give from and to as ISO 8601 times, from before to.',
} as const;

export const invalidSignature = () =>
  new AppError(
    ResellerErrorCode.InvalidSignature,
    ResellerMessages.invalidSignature,
    HttpStatus.UNAUTHORIZED,
  );
