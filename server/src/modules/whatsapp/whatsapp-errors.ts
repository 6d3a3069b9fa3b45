import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';

/** Why a WhatsApp choice or send cannot be made. */
export enum WhatsAppErrorCode {
  Unavailable = 'WHATSAPP_UNAVAILABLE',
  NoMobile = 'WHATSAPP_NO_MOBILE',
  NotOptedIn = 'WHATSAPP_NOT_OPTED_IN',
}

export const WhatsAppMessages = {
  unavailable: 'WhatsApp messages are not available right now.',
  noMobile: 'Add a mobile number to your account to get WhatsApp messages.',
  notOptedIn:
    'WhatsApp messages are off for this number. Get the code by SMS, or turn WhatsApp on in your profile.',
} as const;

export const whatsAppUnavailable = () =>
  new AppError(WhatsAppErrorCode.Unavailable, WhatsAppMessages.unavailable, HttpStatus.CONFLICT);

export const whatsAppNoMobile = () =>
  new AppError(WhatsAppErrorCode.NoMobile, WhatsAppMessages.noMobile, HttpStatus.CONFLICT);

export const whatsAppNotOptedIn = () =>
  new AppError(WhatsAppErrorCode.NotOptedIn, WhatsAppMessages.notOptedIn, HttpStatus.CONFLICT);
