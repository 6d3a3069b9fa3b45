import { Injectable, type CallHandler, type NestInterceptor } from '@nestjs/common';
import { catchError, throwError } from 'rxjs';
import { inApiTerms } from './reseller-orders.service.js';

/** The store's refusals in the reseller API's codes (`INVALID_INPUT`, 402 for the balance). */
@Injectable()
export class InApiTermsInterceptor implements NestInterceptor {
  intercept(_context: unknown, next: CallHandler) {
    return next.handle().pipe(catchError((error: unknown) => throwError(() => inApiTerms(error))));
  }
}
