import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { requireOwner, requireReadAccess } from '../../common/auth/access.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '../../common/messages.js';
import { EditProfileDto, mapUser, OrderStatsDto } from './dto/user.dto.js';
import { UsersRepository } from './users.repository.js';

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly db: DataSource,
  ) {}

  /** A user by id, for other modules (they do not read the users table themselves). */
  getById(id: string) {
    return this.users.getById(id);
  }

  /** A user by the numeric `userid` of the spec's routes, for other modules. */
  getByUserid(userid: number) {
    return this.users.getByUserid(userid);
  }

  async editProfile(auth: AuthUser, dto: EditProfileDto) {
    requireOwner(auth, dto.userid);
    await this.users.updateName(auth.id, dto.name);
    const user = await this.users.getById(auth.id);
    if (!user) throw AppError.notFound(Messages.notFound);
    return { message: Messages.profileUpdated, user: mapUser(user) };
  }

  async getOrderStats(auth: AuthUser, userid: number): Promise<OrderStatsDto> {
    requireReadAccess(auth, userid);
    const user = await this.users.getByUserid(userid);
    if (!user) throw AppError.notFound(Messages.notFound);
    // Counted here rather than through the orders module, which itself depends on this one.
    const rows: Array<{ total: number; completed: number; refunded: number }> = await this.db.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'Completed')::int AS completed,
              count(*) FILTER (WHERE status = 'Refunded')::int AS refunded
       FROM orders WHERE user_id = $1`,
      [user.id],
    );
    return { total_order: rows[0].total, completed: rows[0].completed, refunded: rows[0].refunded };
  }
}
