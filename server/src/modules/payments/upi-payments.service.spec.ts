import { jest } from '@jest/globals';
import { Messages } from '@zstore/contract/messages';
import { loadConfig } from '../../config/config.js';
import type { DatabaseClock } from '../../common/database-clock.js';
import type { RateLimitService } from '../../common/http/rate-limit.service.js';
import type { JobQueueService } from '../../jobs/job-queue.service.js';
import { JobName } from '../../jobs/job.enum.js';
import type {
  UpiGatewayAdapter,
  UpiStatusData,
} from '../../providers/upigateway/upigateway.adapter.js';
import type { Payable, PaymentPort } from './payment-port.js';
import { UpiPaymentsService } from './upi-payments.service.js';

const NOW = new Date('2026-03-01T10:00:00Z');
const LATER = new Date('2026-03-01T10:30:00Z');
const EARLIER = new Date('2026-03-01T09:30:00Z');

const openPayable = (overrides: Partial<Payable> = {}): Payable => ({
  id: 'ZS1001',
  amount: 11_900,
  txnDate: '01-03-2026',
  open: true,
  failed: false,
  expiresAt: LATER,
  ...overrides,
});

const answer = (status: string, overrides: Partial<UpiStatusData> = {}): UpiStatusData => ({
  amount: '119.00',
  client_txn_id: 'ZS1001',
  status,
  ...overrides,
});

type Port = Required<PaymentPort>;

/** A port whose hooks record their calls; `onSuccess` wins unless told otherwise. */
function fakePort(payable: Payable | undefined) {
  return {
    purpose: 'order' as const,
    returnPath: '/payment/return',
    checkJob: JobName.OrderVerifyPayment,
    idPattern: /^ZS/,
    checkJobPayload: (id: string) => ({ orderid: id }),
    checkJobId: (id: string, generation: number) => `${id}:${generation}`,
    load: jest.fn<Port['load']>(() => Promise.resolve(payable)),
    saveGatewayOrder: jest.fn<Port['saveGatewayOrder']>(),
    onUnavailable: jest.fn<Port['onUnavailable']>(),
    onAnswer: jest.fn<Port['onAnswer']>(() => Promise.resolve(undefined)),
    onMismatch: jest.fn<Port['onMismatch']>(() => Promise.resolve(undefined)),
    onSuccess: jest.fn<Port['onSuccess']>(() => Promise.resolve(true)),
    onLateSuccess: jest.fn<Port['onLateSuccess']>(() => Promise.resolve(undefined)),
    onFailure: jest.fn<Port['onFailure']>(() => Promise.resolve(undefined)),
    onWaiting: jest.fn<Port['onWaiting']>(() => Promise.resolve(undefined)),
    awaiting: jest.fn<Port['awaiting']>(() => Promise.resolve([])),
    bumpGeneration: jest.fn<Port['bumpGeneration']>(),
    lateChecksDue: jest.fn<Port['lateChecksDue']>(() => Promise.resolve([])),
    takeLateCheck: jest.fn<Port['takeLateCheck']>(),
  } satisfies PaymentPort;
}

function setUp({
  payable = openPayable(),
  gateway = (): Promise<UpiStatusData | undefined> => Promise.resolve(undefined),
  checkAllowed = true,
  lateBudget = true,
}: {
  payable?: Payable;
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
  const service = new UpiPaymentsService(
    upi as unknown as UpiGatewayAdapter,
    {} as JobQueueService,
    limits as unknown as RateLimitService,
    clock as unknown as DatabaseClock,
    loadConfig({ NODE_ENV: 'test' }),
  );
  const port = fakePort(payable);
  return { service, port, upi, limits };
}

describe('UpiPaymentsService.verify', () => {
  it('marks an open payable paid when the gateway reports its success', async () => {
    const { service, port } = setUp({ gateway: () => Promise.resolve(answer('success')) });
    await expect(service.verify(port, 'ZS1001')).resolves.toBe('settled');
    expect(port.onAnswer).toHaveBeenCalledWith(openPayable(), answer('success'));
    expect(port.onSuccess).toHaveBeenCalledWith(openPayable(), answer('success'), NOW);
    expect(port.onLateSuccess).not.toHaveBeenCalled();
    expect(port.onFailure).not.toHaveBeenCalled();
  });

  it('credits a success after the payable failed once, as a late payment', async () => {
    const failed = openPayable({ open: false, failed: true });
    const { service, port } = setUp({
      payable: failed,
      gateway: () => Promise.resolve(answer('success')),
    });
    await expect(service.verify(port, 'ZS1001', 'job')).resolves.toBe('settled');
    expect(port.onSuccess).not.toHaveBeenCalled();
    expect(port.onLateSuccess).toHaveBeenCalledWith(failed, answer('success'), NOW);
  });

  it('treats a success another caller failed first as late', async () => {
    const { service, port } = setUp({ gateway: () => Promise.resolve(answer('success')) });
    port.onSuccess.mockResolvedValueOnce(false);
    await service.verify(port, 'ZS1001');
    expect(port.onLateSuccess).toHaveBeenCalledWith(openPayable(), answer('success'), NOW);
  });

  it.each([
    ['amount', answer('success', { amount: '1.00' })],
    ['payment id', answer('success', { client_txn_id: 'ZS9999' })],
  ])('flags a success with another %s and credits nothing', async (_what, data) => {
    const { service, port } = setUp({ gateway: () => Promise.resolve(data) });
    await expect(service.verify(port, 'ZS1001')).resolves.toBe('settled');
    expect(port.onMismatch).toHaveBeenCalledWith(openPayable(), data);
    expect(port.onSuccess).not.toHaveBeenCalled();
    expect(port.onLateSuccess).not.toHaveBeenCalled();
  });

  it('fails the payable when the gateway reports a failure', async () => {
    const { service, port } = setUp({ gateway: () => Promise.resolve(answer('failure')) });
    await expect(service.verify(port, 'ZS1001')).resolves.toBe('settled');
    expect(port.onFailure).toHaveBeenCalledWith(
      openPayable(),
      Messages.paymentFailed,
      answer('failure'),
      NOW,
    );
  });

  it('keeps waiting while the gateway says pending and the payment has time left', async () => {
    const { service, port } = setUp({ gateway: () => Promise.resolve(answer('scanning')) });
    await expect(service.verify(port, 'ZS1001', 'job')).resolves.toBe('pending');
    expect(port.onWaiting).toHaveBeenCalledWith(openPayable(), answer('scanning'));
    expect(port.onFailure).not.toHaveBeenCalled();
  });

  it('keeps waiting when the gateway knows nothing of the payment yet', async () => {
    const { service, port } = setUp();
    await expect(service.verify(port, 'ZS1001')).resolves.toBe('pending');
    expect(port.onAnswer).not.toHaveBeenCalled();
    expect(port.onWaiting).toHaveBeenCalledWith(openPayable(), undefined);
  });

  it('expires a pending payment past its deadline, judged by the database clock', async () => {
    const expired = openPayable({ expiresAt: EARLIER });
    const { service, port } = setUp({
      payable: expired,
      gateway: () => Promise.resolve(answer('pending')),
    });
    await expect(service.verify(port, 'ZS1001', 'sweep')).resolves.toBe('settled');
    expect(port.onFailure).toHaveBeenCalledWith(
      expired,
      Messages.paymentExpired,
      answer('pending'),
      NOW,
    );
    expect(port.onWaiting).not.toHaveBeenCalled();
  });

  it('lets a gateway error reach the caller and settles nothing', async () => {
    const { service, port } = setUp({
      gateway: () => Promise.reject(new Error('check_order_status HTTP 502')),
    });
    await expect(service.verify(port, 'ZS1001', 'job')).rejects.toThrow('HTTP 502');
    expect(port.onFailure).not.toHaveBeenCalled();
    expect(port.onSuccess).not.toHaveBeenCalled();
    expect(port.onWaiting).not.toHaveBeenCalled();
  });

  it('leaves a failed payable failed when the gateway still reports no payment', async () => {
    const failed = openPayable({ open: false, failed: true });
    const { service, port } = setUp({
      payable: failed,
      gateway: () => Promise.resolve(answer('failure')),
    });
    await expect(service.verify(port, 'ZS1001', 'job')).resolves.toBe('settled');
    expect(port.onFailure).not.toHaveBeenCalled();
    expect(port.onWaiting).not.toHaveBeenCalled();
  });

  it('does not ask the gateway about a settled or unknown payable', async () => {
    const paid = setUp({ payable: openPayable({ open: false, failed: false }) });
    await expect(paid.service.verify(paid.port, 'ZS1001')).resolves.toBe('settled');
    expect(paid.upi.checkStatus).not.toHaveBeenCalled();

    const unknown = setUp();
    unknown.port.load.mockResolvedValueOnce(undefined);
    await expect(unknown.service.verify(unknown.port, 'ZS1001')).resolves.toBe('settled');
    expect(unknown.upi.checkStatus).not.toHaveBeenCalled();
  });

  it("spends the store's late-check budget when a customer asks about a failed payment", async () => {
    const failed = openPayable({ open: false, failed: true });
    const spent = setUp({ payable: failed, lateBudget: false });
    await expect(spent.service.verify(spent.port, 'ZS1001', 'request')).resolves.toBe('settled');
    expect(spent.upi.checkStatus).not.toHaveBeenCalled();

    const left = setUp({ payable: failed, gateway: () => Promise.resolve(answer('success')) });
    await left.service.verify(left.port, 'ZS1001', 'request');
    expect(left.limits.allow).toHaveBeenCalledTimes(1);
    expect(left.port.onLateSuccess).toHaveBeenCalled();
  });

  it('answers pending without reading the payable when its check window is spent', async () => {
    const { service, port, upi } = setUp({ checkAllowed: false });
    await expect(service.verify(port, 'ZS1001', 'job')).resolves.toBe('pending');
    expect(port.load).not.toHaveBeenCalled();
    expect(upi.checkStatus).not.toHaveBeenCalled();
  });
});
