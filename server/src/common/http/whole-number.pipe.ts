import { Injectable, type PipeTransform } from '@nestjs/common';
import { AppError } from '../errors/app-error.js';
import { Messages } from '@zstore/contract/messages';

/**
 * A path id such as `{userid}`: digits only, few enough to be an exact number and a bigint
 * (`99999999999999999999` would pass `ParseIntPipe` and overflow in the database).
 */
@Injectable()
export class ParseWholeNumberPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^\d{1,15}$/.test(value)) throw AppError.badRequest(Messages.malformedRequest);
    return Number(value);
  }
}
