import { ValidationPipe } from '@nestjs/common';
import { AppError, ErrorCode } from '../errors/app-error.js';

/** The global validation pipe: a DTO's first broken rule answers 400 with its message. */
export function createValidationPipe() {
  return new ValidationPipe({
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
