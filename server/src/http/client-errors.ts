import http from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode } from '../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';

/** Node's parser errors with an answer of their own; any other unreadable request is a 400. */
const STATUS_BY_PARSER_CODE: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

const CODE_BY_STATUS: Record<number, string> = {
  400: ErrorCode.Validation,
  408: ErrorCode.Unavailable,
  431: ErrorCode.Validation,
};

/**
 * Answers a request Node could not parse (a head over 16 kB, a broken request line, a body
 * that never arrived) in the store's error shape, `{message, code}`, as every other refusal.
 * Fastify's own answer omits `code`. Runs with no request and no route: the socket is closed after.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = STATUS_BY_PARSER_CODE[error.code ?? ''] ?? 400;
  const body = JSON.stringify({ message: Messages.malformedRequest, code: CODE_BY_STATUS[status] });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
