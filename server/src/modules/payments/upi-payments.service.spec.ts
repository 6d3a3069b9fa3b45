import { jest } from '@jest/globals';
import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Messages } from '@zstore/contract/messages';
import { loadConfig } from '../../config/config.js';
import type { Clock } from '../../common/clock.js';
import type { DatabaseClock } from '../../common/database-clock.js';
import type { RateLimitService } from '../../common/http/rate-limit.service.js';
import type { LogContext } from '../../common/logging/log-context.js';
import type { JobQueueService } from '../../jobs/job-queue.service.js';
import { JobName } from '../../jobs/job.enum.js';
import type {
  UpiGatewayAdapter,
  UpiStatusData,
} from '../../providers/upigateway/upigateway.adapter.js';
import type { Payable, PaymentPort } from './payment-port.js';
import type { PaymentStatus } from './payment-state.js';
import type { Payment, PaymentsRepository } from './payments.repository.js';
import { UpiPaymentsService } from './upi-payments.service.js';

const NOW = new Date('2026-03-01T10:00:00Z');
const LATER = new Date('2026-03-01T10:30:00Z');
const EARLIER = new Date('2026-03-01T09:30:00Z');

const payment = (overrides: Partial<Payment> = {}) =>
  ({
    id: 'pay-1',
    clientTxnId: 'ZS1001',
    purpose: 'order',
    status: 'pending',
    amount: 11_900,
    txnDate: '01-03-2026',
    expiresAt: LATER,
    ...overrides,
  }) as Payment;

/** What the port is handed: the payable's id, its payment and amount. */
const PAYABLE: Payable = { id: 'ZS1001', paymentId: 'pay-1', amount: 11_900 };

const answer = (status: string, overrides: Partial<UpiStatusData> = {}): UpiStatusData => ({
  amount: '119.00',
  client_txn_id: 'ZS1001',
  status,
  ...overrides,
});

type Port = Required<PaymentPort>;

/** A port whose hooks record their calls; `onSucceeded` takes the money unless told otherwise. */
function fakePort() {
  return {
    purpose: 'order' as const,
    returnPath: '/payment/return',
    checkJob: JobName.OrderVerifyPayment,
    idKey: 'orderid' as const,
    idPattern: /^ZS/,
    checkJobId: (id: string, generation: number) => `${id}:${generation}`,
    attach: jest.fn<Port['attach']>(),
    startAnswer: jest.fn<Port['startAnswer']>(),
    onMismatch: jest.fn<Port['onMismatch']>(() => Promise.resolve(undefined)),
    onSucceeded: jest.fn<Port['onSucceeded']>(() => Promise.resolve({})),
    onLateSuccess: jest.fn<Port['onLateSuccess']>(() => Promise.resolve(undefined)),
    onFailed: jest.fn<Port['onFailed']>(() => Promise.resolve(undefined)),
    onWaiting: jest.fn<Port['onWaiting']>(() => Promise.resolve(undefined)),
  } satisfies PaymentPort;
}

/** The payments table of one row: guarded moves change its status only from a listed one. */
function fakeRepository(row: Payment | undefined) {
  return {
    get: jest.fn(() => Promise.resolve(row && { ...row })),
    move: jest.fn((_id: string, from: PaymentStatus[], to: PaymentStatus) => {
      if (!row || !from.includes(row.status)) return Promise.resolve(undefined);
      row.status = to;
      return Promise.resolve({ ...row });
    }),
    recordCheck: jest.fn(() => Promise.resolve()),
    saveGatewayData: jest.fn(() => Promise.resolve()),
  };
}

function setUp({
  row = payment(),
  gateway = (): Promise<UpiStatusData | undefined> => Promise.resolve(undefined),
  checkAllowed = true,
  lateBudget = true,
}: {
  row?: Payment;
  gateway?: () => Promise<UpiStatusData | undefined>;
  checkAllowed?: boolean;
  lateBudget?: boolean;
} = {}) {
  const upi = { checkStatus: jest.fn(gateway) };
  const limits = {
    take: jest.fn(() => Promise.resolve({ allowed: checkAllowed, windowEndsInMs: 0 })),
    once: jest.fn(() => Promise.resolve(false)),
    allow: jest.fn(() => Promise.resolve(lateBudget)),
  };
  const clock = { now: jest.fn(() => Promise.resolve(NOW)) };
  // A transaction that throws leaves the row as it was.
  const txHost = {
    withTransaction: async (work: () => Promise<unknown>) => {
      const before = row.status;
      try {
        return await work();
      } catch (error) {
        row.status = before;
        throw error;
      }
    },
  };
  const payments = fakeRepository(row);
  const service = new UpiPaymentsService(
    txHost as unknown as TransactionHost<TransactionalAdapterTypeOrm>,
    payments as unknown as PaymentsRepository,
    upi as unknown as UpiGatewayAdapter,
    {} as JobQueueService,
    limits as unknown as RateLimitService,
    clock as unknown as DatabaseClock,
    { now: () => NOW } as Clock,
    { bind: () => undefined } as unknown as LogContext,
    loadConfig({ NODE_ENV: 'test' }),
  );
  const port = fakePort();
  return { service, port, upi, limits, payments, row };
}

describe('UpiPaymentsService.verify', () => {
  it('marks an open payable paid when the gateway reports its success', async () => {
    const { service, port, payments, row } = setUp({
      gateway: () => Promise.resolve(answer('success')),
    });
    await expect(service.verify(port, 'ZS1001')).resolves.toBe('settled');
    expect(payments.saveGatewayData).toHaveBeenCalledWith('ZS1001', answer('success'));
    expect(port.onSucceeded).toHaveBeenCalledWith(PAYABLE, answer('success'), NOW);
    expect(row.status).toBe('succeeded');
    expect(port.onLateSuccess).not.toHaveBeenCalled();
    expect(port.onFailed).not.toHaveBeenCalled();
  });

  it('credits a success after the payable failed once, as a late payment', async () => {
    const { service, port, row } = setUp({
      row: payment({ status: 'expired' }),
      gateway: () => Promise.resolve(answer('success')),
    });
    await expect(service.verify(port, 'ZS1001', 'job')).resolves.toBe('settled');
    expect(port.onSucceeded).not.toHaveBeenCalled();
    expect(port.onLateSuccess).toHaveBeenCalledWith(PAYABLE, answer('success'), NOW);
    expect(row.status).toBe('late_succeeded');
  });

  it('treats a success for a payable that closed on its own as late', async () => {
    const { service, port, row } = setUp({ gateway: () => Promise.resolve(answer('success')) });
    port.onSucceeded.mockResolvedValueOnce(undefined);
    await service.verify(port, 'ZS1001');
    expect(port.onLateSuccess).toHaveBeenCalledWith(PAYABLE, answer('success'), NOW);
    expect(row.status).toBe('late_succeeded');
  });

  it('credits a success late, once, when another caller failed the payment first', async () => {
    const { service, port, payments } = setUp({
      gateway: () => Promise.resolve(answer('success')),
    });
    payments.move.mockImplementationOnce(() => Promise.resolve(undefined));
    await service.verify(port, 'ZS1001');
    expect(port.onSucceeded).not.toHaveBeenCalled();
    expect(port.onLateSuccess).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['amount', answer('success', { amount: '1.00' })],
    ['payment id', answer('success', { client_txn_id: 'ZS9999' })],
  ])('flags a success with another %s and credits nothing', async (_what, data) => {
    const { service, port } = setUp({ gateway: () => Promise.resolve(data) });
    await expect(service.verify(port, 'ZS1001')).resolves.toBe('settled');
    expect(port.onMismatch).toHaveBeenCalledWith(PAYABLE);
    expect(port.onSucceeded).not.toHaveBeenCalled();
    expect(port.onLateSuccess).not.toHaveBeenCalled();
  });

  it('fails the payable when the gateway reports a failure', async () => {
    const { service, port } = setUp({ gateway: () => Promise.resolve(answer('failure')) });
    await expect(service.verify(port, 'ZS1001')).resolves.toBe('settled');
    expect(port.onFailed).toHaveBeenCalledWith(PAYABLE, Messages.paymentFailed, NOW);
  });

  it('keeps waiting while the gateway says pending and the payment has time left', async () => {
    const { service, port } = setUp({ gateway: () => Promise.resolve(answer('scanning')) });
    await expect(service.verify(port, 'ZS1001', 'job')).resolves.toBe('pending');
    expect(port.onWaiting).toHaveBeenCalledWith(PAYABLE, answer('scanning'));
    expect(port.onFailed).not.toHaveBeenCalled();
  });

  it('keeps waiting when the gateway knows nothing of the payment yet', async () => {
    const { service, port, payments } = setUp();
    await expect(service.verify(port, 'ZS1001')).resolves.toBe('pending');
    expect(payments.saveGatewayData).not.toHaveBeenCalled();
    expect(payments.recordCheck).toHaveBeenCalledWith('pay-1', 'request', undefined);
    expect(port.onWaiting).not.toHaveBeenCalled();
  });

  it('expires a pending payment past its deadline, judged by the database clock', async () => {
    const { service, port, row } = setUp({
      row: payment({ expiresAt: EARLIER }),
      gateway: () => Promise.resolve(answer('pending')),
    });
    await expect(service.verify(port, 'ZS1001', 'sweep')).resolves.toBe('settled');
    expect(port.onFailed).toHaveBeenCalledWith(PAYABLE, Messages.paymentExpired, NOW);
    expect(row.status).toBe('expired');
    expect(port.onWaiting).not.toHaveBeenCalled();
  });

  it('lets a gateway error reach the caller and settles nothing', async () => {
    const { service, port } = setUp({
      gateway: () => Promise.reject(new Error('check_order_status HTTP 502')),
    });
    await expect(service.verify(port, 'ZS1001', 'job')).rejects.toThrow('HTTP 502');
    expect(port.onFailed).not.toHaveBeenCalled();
    expect(port.onSucceeded).not.toHaveBeenCalled();
    expect(port.onWaiting).not.toHaveBeenCalled();
  });

  it('leaves a failed payable failed when the gateway still reports no payment', async () => {
    const { service, port, row } = setUp({
      row: payment({ status: 'failed' }),
      gateway: () => Promise.resolve(answer('failure')),
    });
    await expect(service.verify(port, 'ZS1001', 'job')).resolves.toBe('settled');
    expect(row.status).toBe('failed');
    expect(port.onFailed).not.toHaveBeenCalled();
    expect(port.onWaiting).not.toHaveBeenCalled();
  });

  it('does not ask the gateway about a settled or unknown payable', async () => {
    for (const status of ['succeeded', 'late_succeeded'] as const) {
      const paid = setUp({ row: payment({ status }) });
      await expect(paid.service.verify(paid.port, 'ZS1001')).resolves.toBe('settled');
      expect(paid.upi.checkStatus).not.toHaveBeenCalled();
    }

    const unknown = setUp();
    unknown.payments.get.mockResolvedValueOnce(undefined);
    await expect(unknown.service.verify(unknown.port, 'ZS1001')).resolves.toBe('settled');
    expect(unknown.upi.checkStatus).not.toHaveBeenCalled();
  });

  it("spends the store's late-check budget when a customer asks about a failed payment", async () => {
    const spent = setUp({ row: payment({ status: 'failed' }), lateBudget: false });
    await expect(spent.service.verify(spent.port, 'ZS1001', 'request')).resolves.toBe('settled');
    expect(spent.upi.checkStatus).not.toHaveBeenCalled();

    const left = setUp({
      row: payment({ status: 'failed' }),
      gateway: () => Promise.resolve(answer('success')),
    });
    await left.service.verify(left.port, 'ZS1001', 'request');
    expect(left.limits.allow).toHaveBeenCalledTimes(1);
    expect(left.port.onLateSuccess).toHaveBeenCalled();
  });

  it('answers pending without reading the payable when its check window is spent', async () => {
    const { service, port, upi, payments } = setUp({ checkAllowed: false });
    await expect(service.verify(port, 'ZS1001', 'job')).resolves.toBe('pending');
    expect(payments.get).not.toHaveBeenCalled();
    expect(upi.checkStatus).not.toHaveBeenCalled();
  });
});
