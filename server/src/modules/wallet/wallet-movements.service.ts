import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { Messages } from '@zstore/contract/messages';
import { randomUUID } from 'node:crypto';
import {
  LedgerService,
  type LedgerLeg,
  pointsAccount,
  SystemAccount,
  walletAccount,
} from '../ledger/ledger.service.js';
import { istDate } from '../../common/india-time.js';
import { newBusinessId, userNumber, userUuid } from '../../common/ids.js';
import { pointsEarned } from '../../common/money.js';
import type { UpiStatusData } from '../../providers/upigateway/upigateway.adapter.js';
import { WalletRepository, type WalletTxn, type WalletTxnStatus } from './wallet.repository.js';

/** The customer an order or a credit belongs to, as the wallet row records them. */
export interface WalletHolder {
  id: string;
  userid: number;
  email: string;
}

/** What a money movement about an order needs to know of it. */
export interface OrderMoney {
  orderid: string;
  holder: WalletHolder;
  /** Paise. */
  amount: number;
}

/**
 * Every movement of Z-Coins and points: each writes the wallet row and its balanced ledger
 * movement together, in the caller's transaction. No other module writes `wallet_transactions`,
 * the ledger or the cached balances.
 */
@Injectable()
export class WalletMovements {
  constructor(
    private readonly wallet: WalletRepository,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
  ) {}

  /** The Z-Coins wallet's ledger entries in `[from, to)` with the balance after each (paise). */
  statement(userid: number, from: Date, to: Date) {
    return this.ledger.accountStatement(walletAccount(userid), 'ZCOIN', from, to);
  }

  /** A Z-Coins order's payment: its `Debit` row and wallet -> sales (refused when short). */
  async debitForOrder(order: OrderMoney & { txnid: string }) {
    const line = this.wallet.lineInsert({
      txnid: order.txnid,
      userId: userUuid(order.holder.id),
      userid: userNumber(order.holder.userid),
      userEmail: order.holder.email,
      type: 'Debit',
      status: 'Success',
      purpose: 'order',
      amount: order.amount,
      orderid: order.orderid,
      txnDate: istDate(this.clock.now()),
    });
    await this.ledger.post(
      {
        key: `order-${order.orderid}`,
        kind: 'wallet_order',
        reference: order.orderid,
        legs: [
          { account: walletAccount(order.holder.userid), currency: 'ZCOIN', amount: -order.amount },
          { account: SystemAccount.Sales, currency: 'ZCOIN', amount: order.amount },
        ],
      },
      [line],
    );
  }

  /** An order's refund to the wallet, once per order, from where it was paid. */
  async refundOrder(order: OrderMoney & { paidBy: 'wallet' | 'upi' }) {
    const amount = order.amount;
    await this.wallet.insert(
      {
        txnid: newBusinessId('ZT'),
        userId: userUuid(order.holder.id),
        userid: userNumber(order.holder.userid),
        userEmail: order.holder.email,
        type: 'Refunded',
        status: 'Success',
        purpose: 'refund',
        amount,
        orderid: order.orderid,
        txnDate: istDate(this.clock.now()),
      },
      true,
    );
    await this.ledger.post({
      key: `refund-${order.orderid}`,
      kind: 'refund',
      reference: order.orderid,
      legs: [
        {
          account: order.paidBy === 'wallet' ? SystemAccount.Sales : SystemAccount.Upi,
          currency: 'ZCOIN',
          amount: -amount,
        },
        { account: walletAccount(order.holder.userid), currency: 'ZCOIN', amount },
      ],
    });
  }

  /**
   * A UPI payment that arrived after its order failed, credited to the wallet once per order.
   * False when it was credited before.
   */
  async creditLatePayment(order: OrderMoney): Promise<boolean> {
    const row = await this.wallet.insert(
      {
        txnid: newBusinessId('ZT'),
        userId: userUuid(order.holder.id),
        userid: userNumber(order.holder.userid),
        userEmail: order.holder.email,
        type: 'Credit',
        status: 'Success',
        purpose: 'late_payment',
        amount: order.amount,
        orderid: order.orderid,
        txnDate: istDate(this.clock.now()),
        attention: Messages.latePaymentCredited,
      },
      true,
    );
    if (!row) return false;
    await this.ledger.post({
      key: `late-${order.orderid}`,
      kind: 'late_payment',
      reference: order.orderid,
      legs: [
        { account: SystemAccount.Upi, currency: 'ZCOIN', amount: -order.amount },
        { account: walletAccount(order.holder.userid), currency: 'ZCOIN', amount: order.amount },
      ],
    });
    return true;
  }

  /**
   * The compensation of an order that missed its delivery promise, credited to the wallet once
   * per order (the row and the movement key). False when it was credited before.
   */
  async compensateLateOrder(order: OrderMoney): Promise<boolean> {
    const row = await this.wallet.insert(
      {
        txnid: newBusinessId('ZT'),
        userId: userUuid(order.holder.id),
        userid: userNumber(order.holder.userid),
        userEmail: order.holder.email,
        type: 'Credit',
        status: 'Success',
        purpose: 'compensation',
        amount: order.amount,
        orderid: order.orderid,
        txnDate: istDate(this.clock.now()),
      },
      true,
    );
    if (!row) return false;
    return this.ledger.post({
      key: `compensation-${order.orderid}`,
      kind: 'compensation',
      reference: order.orderid,
      legs: [
        { account: SystemAccount.Guarantee, currency: 'ZCOIN', amount: -order.amount },
        { account: walletAccount(order.holder.userid), currency: 'ZCOIN', amount: order.amount },
      ],
    });
  }

  /**
   * A paid top-up: the guarded move of its row from `from` to `Success` and the credit (key
   * `topup-<txnid>`), so exactly one caller credits it. Undefined when the row was elsewhere.
   */
  async creditTopup(
    txnid: string,
    from: WalletTxnStatus[],
    data: UpiStatusData,
    attention: string | null,
  ): Promise<WalletTxn | undefined> {
    const moved = await this.wallet.move(txnid, from, 'Success', {
      upiTxnId: data.upi_txn_id ?? null,
      attention,
    });
    if (!moved) return undefined;
    await this.ledger.post({
      key: `topup-${txnid}`,
      kind: 'topup',
      reference: txnid,
      legs: [
        { account: SystemAccount.Upi, currency: 'ZCOIN', amount: -moved.amount },
        { account: walletAccount(moved.userid), currency: 'ZCOIN', amount: moved.amount },
      ],
    });
    return moved;
  }

  /** An admin credit (system:admin -> wallet) with its `Credit` row. */
  async creditFromAdmin(user: WalletHolder, amount: number, reference?: string) {
    const txnid = await this.creditRow(user, 'admin', amount);
    await this.ledger.post({
      key: `admin-${txnid}`,
      kind: 'admin_credit',
      reference: reference ?? txnid,
      legs: [
        { account: SystemAccount.Admin, currency: 'ZCOIN', amount: -amount },
        { account: walletAccount(user.userid), currency: 'ZCOIN', amount },
      ],
    });
    return txnid;
  }

  /** Points turned into Z-Coins (hundredths of a point = paise), with its `Credit` row. */
  async redeemPoints(user: WalletHolder, hundredths: number) {
    const txnid = await this.creditRow(user, 'redeem', hundredths);
    // 1 point (100 hundredths) buys 1 rupee (100 paise): both legs carry the same number.
    await this.ledger.post({
      key: `redeem-${txnid}`,
      kind: 'points_redeem',
      reference: txnid,
      legs: [
        { account: pointsAccount(user.userid), currency: 'POINT', amount: -hundredths },
        { account: SystemAccount.Points, currency: 'POINT', amount: hundredths },
        { account: SystemAccount.Points, currency: 'ZCOIN', amount: -hundredths },
        { account: walletAccount(user.userid), currency: 'ZCOIN', amount: hundredths },
      ],
    });
    return txnid;
  }

  /** Credits 1 % of what a completed order paid, once per order (the movement key). */
  async earnPoints(order: { orderid: string; userid: number; value: number }) {
    const earned = pointsEarned(order.value);
    if (earned <= 0) return false;
    return this.ledger.post({
      key: `points-${order.orderid}`,
      kind: 'points_earn',
      reference: order.orderid,
      legs: [
        { account: SystemAccount.Points, currency: 'POINT', amount: -earned },
        { account: pointsAccount(order.userid), currency: 'POINT', amount: earned },
      ],
    });
  }

  /**
   * Refer & Earn: points (hundredths) to the referrer and the new customer, from the points
   * account, once per referral (the movement key).
   */
  async rewardReferral(referral: {
    id: string;
    referrer: { userid: number; points: number };
    referee: { userid: number; points: number };
  }) {
    const { referrer, referee } = referral;
    return this.ledger.post({
      key: `referral-${referral.id}`,
      kind: 'referral_reward',
      reference: referral.id,
      legs: [
        {
          account: SystemAccount.Points,
          currency: 'POINT',
          amount: -(referrer.points + referee.points),
        },
        { account: pointsAccount(referrer.userid), currency: 'POINT', amount: referrer.points },
        { account: pointsAccount(referee.userid), currency: 'POINT', amount: referee.points },
      ],
    });
  }

  /**
   * Takes a voided referral's points back, each customer's share only up to what they still
   * hold (points already redeemed stay spent: the balance goes to zero, never below). Answers
   * the points taken back.
   */
  async clawBackReferral(referral: {
    id: string;
    shares: Array<{ userid: number; points: number }>;
  }) {
    const legs = [];
    let taken = 0;
    for (const share of referral.shares) {
      const held = await this.ledger.lockPoints(share.userid);
      const take = Math.min(share.points, held);
      taken += take;
      legs.push({
        account: pointsAccount(share.userid),
        currency: 'POINT' as const,
        amount: -take,
      });
    }
    if (taken === 0) return 0;
    await this.ledger.post({
      key: `referral-void-${referral.id}`,
      kind: 'referral_void',
      reference: referral.id,
      legs: [...legs, { account: SystemAccount.Points, currency: 'POINT', amount: taken }],
    });
    return taken;
  }

  /**
   * A guest's Z-Coins and points (refunds of guest orders) to the account that proved the
   * guest's contacts: the guest's row is locked by the caller and the debit is guarded.
   */
  async moveGuestMoney(
    guest: { userid: number; balance: number; points: number },
    account: { userid: number },
  ) {
    const all: LedgerLeg[] = [
      { account: walletAccount(guest.userid), currency: 'ZCOIN', amount: -guest.balance },
      { account: walletAccount(account.userid), currency: 'ZCOIN', amount: guest.balance },
      { account: pointsAccount(guest.userid), currency: 'POINT', amount: -guest.points },
      { account: pointsAccount(account.userid), currency: 'POINT', amount: guest.points },
    ];
    const legs = all.filter((leg) => leg.amount !== 0);
    if (legs.length === 0) return;
    await this.ledger.post({
      key: `guest-join-${guest.userid}-${randomUUID()}`,
      kind: 'guest_join',
      reference: String(guest.userid),
      legs,
    });
  }

  /** A new `Credit` row, settled at once, for a credit that is not about an order. */
  private async creditRow(user: WalletHolder, purpose: 'admin' | 'redeem', amount: number) {
    const txnid = newBusinessId('ZT');
    await this.wallet.insert({
      txnid,
      userId: userUuid(user.id),
      userid: userNumber(user.userid),
      userEmail: user.email,
      type: 'Credit',
      status: 'Success',
      purpose,
      amount,
      txnDate: istDate(this.clock.now()),
    });
    return txnid;
  }
}
