import { ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { Messages } from '@zstore/contract/messages';
import type { ValidationError, ValidatorOptions } from 'class-validator';
import { AppError, ErrorCode } from '../errors/app-error.js';

const DROPS_UNKNOWN_FIELDS = Symbol('dropsUnknownFields');

/**
 * Marks a body DTO whose clients send whole records (the console's simple-rest forms send back
 * `id`, `createdAt` and the like): fields it does not declare are dropped instead of refused.
 */
export function DropsUnknownFields(): ClassDecorator {
  return (target) => Reflect.defineMetadata(DROPS_UNKNOWN_FIELDS, true, target);
}

const dropsUnknownFields = (object: object) =>
  Reflect.getMetadata(DROPS_UNKNOWN_FIELDS, object.constructor) === true;

class StoreValidationPipe extends ValidationPipe {
  /**
   * A query parameter read by name (`@Query('to')`) is one text: repeated (`?to=a&to=b`) or
   * bracketed it arrives as an array or object, which no such route takes.
   */
  override transform(value: unknown, metadata: ArgumentMetadata) {
    const named = metadata.type === 'query' && metadata.data !== undefined;
    if (named && metadata.metatype !== Array && value !== null && typeof value === 'object') {
      throw AppError.badRequest(Messages.malformedRequest);
    }
    return super.transform(value, metadata);
  }

  protected override validate(
    object: object,
    options?: ValidatorOptions,
  ): Promise<ValidationError[]> | ValidationError[] {
    const lenient = dropsUnknownFields(object) ? { ...options, forbidNonWhitelisted: false } : {};
    return super.validate(object, { ...options, ...lenient });
  }
}

/** The global validation pipe: a DTO's first broken rule answers 400 with its message. */
export function createValidationPipe() {
  return new StoreValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const first = errors[0];
      const message = first ? Object.values(first.constraints ?? {})[0] : undefined;
      return AppError.badRequest(message ?? 'Invalid request.', ErrorCode.Validation);
    },
  });
}
