import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { Clock } from '../../common/clock.js';
import { LogContext } from '../../common/logging/log-context.js';
import { istDate } from '../../common/india-time.js';
import { newBusinessId, userNumber, userUuid } from '../../common/ids.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { SavedPlayersService } from '../saved-players/saved-players.service.js';
import { Role } from '../../common/auth/role.js';
import { CheckedPlayers } from './checked-players.js';
import { CheckoutWriter } from './checkout-writer.js';
import type { OrderCreateDto } from './dto/order.dto.js';
import { promisedMinutes } from './order-guarantee.service.js';
import { OrderPayments } from './order-payments.js';
import { OrderQuotes } from './order-quotes.service.js';
import { paidOrderAnswer, upiOrderAnswer } from './order-answers.js';
import { OrderTransitions } from './order-transitions.service.js';
import type { Order } from './orders.repository.js';

/** What a caller other than the storefront adds to a checkout. */
export interface CheckoutOptions {
  /** Runs in the order's transaction, after its row is written and before its debit. */
  withOrder?: (order: Order) => Promise<void>;
  /** Keep the player among the buyer's saved players (the storefront's default). */
  rememberPlayer?: boolean;
  /** Deliver behind every other customer's order (the rows of a bulk order). */
  background?: boolean;
}

/**
 * Checkout: an order is written with its coupon and, for Z-Coins, its debit in one transaction
 * (`CheckoutWriter`); a UPI order then gets its payment at the gateway; jobs are enqueued only
 * after commit.
 */
@Injectable()
export class CheckoutService {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly quotes: OrderQuotes,
    private readonly writer: CheckoutWriter,
    private readonly payments: OrderPayments,
    private readonly transitions: OrderTransitions,
    private readonly checkedPlayers: CheckedPlayers,
    private readonly savedPlayers: SavedPlayersService,
    private readonly logContext: LogContext,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async place(
    auth: AuthUser,
    dto: OrderCreateDto,
    mode: 'upi' | 'wallet',
    options: CheckoutOptions = {},
  ) {
    const { user, product, item, couponCode, price } = await this.quotes.quote(auth, dto, mode);
    const playerName = await this.checkedPlayers.find(product.id, dto.input1, dto.input2);
    const now = this.clock.now();
    const orderid = newBusinessId('ZS');
    this.logContext.bind({ orderid });

    const order = await this.writer.write(
      {
        orderid,
        userId: userUuid(user.id),
        userid: userNumber(user.userid),
        userEmail: user.email,
        productId: product.id,
        itemId: item.id,
        productName: product.name,
        itemName: item.name,
        input1: dto.input1,
        input2: dto.input2,
        playerName,
        price,
        paymentMode: mode,
        isApi: item.isApi,
        apiType: item.apiType ?? product.apiType,
        itemIdArray: item.itemidarray,
        txnDate: istDate(now),
        buyerState: user.stateCode,
        invoiceParty: {
          name: user.name,
          email: user.email,
          gstin: user.gstin,
          category: product.category,
        },
        // A reseller's orders keep the reseller API's terms, not the storefront's promise.
        promiseMinutes:
          user.role === Role.Reseller
            ? null
            : promisedMinutes(
                { isApi: item.isApi, promiseMinutes: product.promiseMinutes },
                this.config.guarantee.apiMinutes,
              ),
      },
      couponCode,
      now,
      (paid) => paidOrderAnswer(mode, paid.orderid),
      options.withOrder,
    );
    // After the commit: a convenience that never holds the wallet row's lock or fails an order.
    if (options.rememberPlayer !== false) {
      await this.savedPlayers
        .remember({
          userId: user.id,
          productId: product.id,
          input1: dto.input1,
          input2: dto.input2,
        })
        .catch((error: Error) => this.logger.warn(`saved player not kept: ${error.message}`));
    }

    this.logger.log(`order placed (${order.status}, ${mode})`);
    if (order.status === 'Processing') {
      await this.transitions.afterPaid(order, { background: options.background });
      return paidOrderAnswer(mode, order.orderid);
    }
    const links = await this.payments.start(
      { id: order.orderid, amount: order.value, expiresAt: order.expiresAt },
      {
        pInfo: `${product.name} - ${item.name}`,
        customerName: user.name,
        customerEmail: user.email,
        customerMobile: user.mobilenumber!,
      },
    );
    return upiOrderAnswer(order.orderid, links);
  }
}
