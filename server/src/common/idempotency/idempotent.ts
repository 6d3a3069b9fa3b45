import {
  applyDecorators,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { from, lastValueFrom } from 'rxjs';
import type { AuthUser } from '../auth/auth.decorators.js';
import { EdgeStage, UseEdgeInterceptor } from '../http/edge-interceptors.js';
import { validatedBody } from '../http/validated-body.js';
import { IdempotencyService } from './idempotency.service.js';

/**
 * Runs an `@Idempotent()` route through `IdempotencyService.run`, keyed by the route's path
 * (`order/createOrder`) and its validated body, once the body passed validation: a refused body
 * claims nothing. Everything the handler does, rate limits included, is part of the attempt.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly idempotency: IdempotencyService) {}

  async intercept(context: ExecutionContext, next: CallHandler) {
    const request = context.switchToHttp().getRequest<FastifyRequest & { auth: AuthUser }>();
    const key = request.headers['idempotency-key'];
    const body = await validatedBody(context);
    const route = (request.routeOptions.url ?? '').replace(/^\/api\//, '');
    return from(
      this.idempotency.run(
        request.auth,
        typeof key === 'string' ? key : undefined,
        route,
        body,
        () => lastValueFrom(next.handle()),
      ),
    );
  }
}

/**
 * The route honours an `Idempotency-Key` header (DESIGN section 5): `IdempotencyInterceptor`
 * runs the handler under the caller's claim on the key and replays the stored answer.
 */
export const Idempotent = () =>
  applyDecorators(
    UseEdgeInterceptor(IdempotencyInterceptor, EdgeStage.Idempotency),
    ApiHeader({ name: 'Idempotency-Key', required: false }),
  );
