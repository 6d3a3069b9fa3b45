import { Injectable } from '@nestjs/common';
import { requireOwner, requireReadAccess } from '../../common/auth/access.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '../../common/messages.js';
import { EditProfileDto, mapUser, OrderStatsDto } from './dto/user.dto.js';
import { UsersRepository } from './users.repository.js';

@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

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
    // Orders arrive with the commerce module; until then every account has none.
    return { total_order: 0, completed: 0, refunded: 0 };
  }
}
