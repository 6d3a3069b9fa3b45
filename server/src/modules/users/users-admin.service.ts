import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { AppError } from '../../common/errors/app-error.js';
import { type ListQuery } from '../../common/http/simple-rest.js';
import { normalizeEmail } from '@zstore/contract/email-address';
import { Messages } from '@zstore/contract/messages';
import { assertNotLookAlike } from './look-alike-email.js';
import { AuditService } from '../audit/audit.service.js';
import { AdminUserUpdateDto, mapAdminUser } from './dto/user-admin.dto.js';
import { rethrowUserConflict } from './user-conflict.js';
import { UsersAdminRepository, type AdminUserChanges } from './users-admin.repository.js';

export const USER_SORTABLE = ['userid', 'name', 'email', 'role', 'createdAt', 'balance'] as const;
@Injectable()
export class UsersAdminService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly users: UsersAdminRepository,
    private readonly audit: AuditService,
  ) {}

  async list(query: ListQuery) {
    const { users, total } = await this.users.list(query);
    return { users: users.map(mapAdminUser), total };
  }

  async page(page = 1, limit = 25) {
    const { users, total } = await this.users.page((page - 1) * limit, limit);
    return {
      users: users.map(mapAdminUser),
      totalPages: Math.max(1, Math.ceil(total / limit)),
      totalCount: total,
    };
  }

  async get(id: string) {
    return mapAdminUser(await this.require(id));
  }

  /** Changes a user's details; a new role, a block or an unblock ends their sessions. */
  async update(auth: AuthUser, id: string, dto: AdminUserUpdateDto) {
    const before = await this.require(id);
    if (id === auth.id && ((dto.role && dto.role !== before.role) || dto.isBlocked === 'true')) {
      throw AppError.conflict('You cannot change your own role or block yourself.');
    }
    const changes: AdminUserChanges = {};
    if (dto.name !== undefined) changes.name = dto.name;
    if (dto.mobilenumber !== undefined) changes.mobilenumber = dto.mobilenumber || null;
    if (dto.email !== undefined) {
      assertNotLookAlike(dto.email);
      changes.email = normalizeEmail(dto.email);
    }
    if (dto.role !== undefined) changes.role = dto.role;
    if (dto.verified !== undefined) changes.verified = dto.verified === 'true';
    if (dto.isBlocked !== undefined) changes.isBlocked = dto.isBlocked === 'true';
    const endsSessions =
      (changes.role !== undefined && changes.role !== before.role) ||
      (changes.isBlocked !== undefined && changes.isBlocked !== before.isBlocked);

    await this.txHost
      .withTransaction(async () => {
        await this.users.update(id, changes, endsSessions);
        await this.audit.record({
          actorId: auth.id,
          action: 'user.update',
          entity: 'user',
          entityId: id,
          before: mapAdminUser(before),
          after: changes,
        });
      })
      .catch(rethrowUserConflict);
    return this.get(id);
  }

  private async require(id: string) {
    const user = /^[0-9a-f-]{36}$/i.test(id) ? await this.users.get(id) : undefined;
    if (!user) throw AppError.notFound(Messages.notFound);
    return user;
  }
}
