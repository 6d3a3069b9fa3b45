import { Injectable } from '@nestjs/common';
import { requireReadAccess } from '../../common/auth/access.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { UsersService } from '../users/users.service.js';
import type { OrderStatsDto } from './dto/order.dto.js';
import { OrdersRepository } from './orders.repository.js';

/** A user's order counts, for the account page. */
@Injectable()
export class OrderStatsService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly users: UsersService,
  ) {}

  async of(auth: AuthUser, userid: number): Promise<OrderStatsDto> {
    requireReadAccess(auth, userid);
    const user = await this.users.getByUserid(userid);
    if (!user) throw AppError.notFound(Messages.notFound);
    const counts = await this.orders.countByStatus(user.id);
    return { total_order: counts.total, completed: counts.completed, refunded: counts.refunded };
  }
}
