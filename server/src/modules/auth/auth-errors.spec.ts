import { HttpStatus, Logger, type ArgumentsHost } from '@nestjs/common';
import { AppError, ErrorCode } from '../../common/errors/app-error.js';
import { GlobalExceptionFilter } from '../../common/errors/global-exception.filter.js';
import type { ClientErrorField } from '../../common/http/client-error-field.js';
import { routeConfigOf } from '../../common/http/route-config.js';
import { Messages } from '@zstore/contract/messages';
import { OrdersController } from '../orders/orders.controller.js';
import { AuthController } from './auth.controller.js';
import { OtpController } from './otp.controller.js';
import { PasswordController } from './password.controller.js';

/** What the filter sends for `exception` on a route whose errors also carry `field`. */
function errorBody(field: ClientErrorField | undefined, exception: unknown) {
  const sent: { status?: number; body?: Record<string, unknown>; headers: Record<string, string> } =
    { headers: {} };
  const reply = {
    status(code: number) {
      sent.status = code;
      return reply;
    },
    send(body: Record<string, unknown>) {
      sent.body = body;
      return reply;
    },
    header(name: string, value: string) {
      sent.headers[name] = value;
      return reply;
    },
    type() {
      return reply;
    },
  };
  const host = {
    switchToHttp: () => ({
      getResponse: () => reply,
      getRequest: () => ({ routeOptions: { config: { clientErrorField: field } } }),
    }),
  } as unknown as ArgumentsHost;
  new GlobalExceptionFilter().catch(exception, host);
  return sent;
}

describe('Error bodies of the account calls', () => {
  beforeAll(() => {
    Logger.overrideLogger(false);
  });

  const notFound = () =>
    new AppError(ErrorCode.UserNotFound, Messages.userNotFound, HttpStatus.NOT_FOUND);

  const fieldOf = <T extends object>(prototype: T, handler: keyof T) =>
    (routeConfigOf(prototype[handler] as object) as { clientErrorField?: ClientErrorField })
      .clientErrorField;

  it('marks the routes where the spec client reads msg, error or success', () => {
    expect(fieldOf(AuthController.prototype, 'login')).toBe('msg');
    expect(fieldOf(PasswordController.prototype, 'forgetPassword')).toBe('msg');
    expect(fieldOf(OtpController.prototype, 'sendCode')).toBe('success');
    expect(fieldOf(OrdersController.prototype, 'createWalletOrder')).toBe('msg');
  });

  it.each(['msg'] as const)('adds %s where the spec client reads it', (field) => {
    expect(errorBody(field, notFound())).toMatchObject({
      status: 404,
      body: {
        msg: Messages.userNotFound,
        message: Messages.userNotFound,
        code: ErrorCode.UserNotFound,
      },
    });
  });

  it('adds success false on the OTP routes, without msg', () => {
    const { body } = errorBody(
      'success',
      new AppError(ErrorCode.MobileNotRegistered, Messages.mobileNotRegistered, 404),
    );
    expect(body).toEqual({
      success: false,
      message: Messages.mobileNotRegistered,
      code: ErrorCode.MobileNotRegistered,
    });
  });

  it('answers only message and code elsewhere', () => {
    const { body } = errorBody(undefined, AppError.badRequest(Messages.nameRequired));
    expect(body).toEqual({ message: Messages.nameRequired, code: ErrorCode.Validation });
  });

  it("lets an error's own fields override code, as the links' code '1' does", () => {
    const { status, body } = errorBody(
      'msg',
      new AppError(ErrorCode.LinkCorrupted, Messages.linkCorrupted, 400, { code: '1' }),
    );
    expect(status).toBe(400);
    expect(body).toEqual({
      msg: Messages.linkCorrupted,
      message: Messages.linkCorrupted,
      code: '1',
    });
  });

  it('sends the headers an error carries, such as Retry-After', () => {
    const { status, headers } = errorBody(
      'msg',
      new AppError(
        ErrorCode.RateLimited,
        Messages.tooManyRequests,
        429,
        {},
        { 'retry-after': '42' },
      ),
    );
    expect(status).toBe(429);
    expect(headers).toEqual({ 'retry-after': '42' });
  });

  it('hides what an unexpected error says', () => {
    const { status, body } = errorBody(
      'msg',
      new Error('connect ECONNREFUSED 127.0.0.1:5432 password=hunter2'),
    );
    expect(status).toBe(500);
    expect(body).toEqual({
      msg: Messages.internal,
      message: Messages.internal,
      code: ErrorCode.Internal,
    });
  });

  it.each([
    ['a lock wait that ran out', { driverError: { code: '55P03' }, message: 'lock timeout' }],
    ['a deadlock', { driverError: { code: '40P01' }, message: 'deadlock detected' }],
    ['no pool connection in time', new Error('timeout exceeded when trying to connect')],
    [
      'the database refusing connections',
      Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
    ],
  ])('answers %s with 503 and Retry-After, nothing about the cause', (_case, exception) => {
    const { status, body, headers } = errorBody('msg', exception);
    expect(status).toBe(HttpStatus.SERVICE_UNAVAILABLE);
    expect(headers['Retry-After']).toBe('1');
    expect(body).toEqual({
      msg: Messages.busy,
      message: Messages.busy,
      code: ErrorCode.Unavailable,
    });
  });
});
