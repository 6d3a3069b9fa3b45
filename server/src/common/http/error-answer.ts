import { applyDecorators } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ExtendRouteConfig } from './route-config.js';

/** Marks, in the API document, an operation whose every error gets one fixed answer. */
export const ERROR_ANSWER_OPERATION = 'x-zstore-error-answer';

/** One fixed answer for every error of a route. */
export interface ErrorAnswer {
  status: number;
  text: string;
}

interface ErrorAnswerRouteConfig {
  errorAnswer?: ErrorAnswer;
}

/**
 * Marks a route whose caller expects one answer whatever went wrong (a provider's webhook: any
 * other answer only makes it retry). Kept in the route's Fastify config, so errors raised before
 * Nest's handler (a malformed or oversized body, an unknown content type) are answered alike.
 */
export function AnswerErrorsWith(status: number, text: string) {
  return applyDecorators(
    ApiExtension(ERROR_ANSWER_OPERATION, `${status} ${text}`),
    ExtendRouteConfig({ errorAnswer: { status, text } } satisfies ErrorAnswerRouteConfig),
  );
}

/** The fixed error answer of the request's route, if it has one. */
export function errorAnswerOf(request: FastifyRequest | undefined): ErrorAnswer | undefined {
  return (request?.routeOptions?.config as ErrorAnswerRouteConfig | undefined)?.errorAnswer;
}
