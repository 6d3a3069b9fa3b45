import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { Brackets } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { AppError } from '../../common/errors/app-error.js';
import { type ListQuery } from '../../common/http/simple-rest.js';
import { Messages } from '@zstore/contract/messages';
import { AuditService } from '../audit/audit.service.js';
import { AdminUserUpdateDto, mapAdminUser } from './dto/user-admin.dto.js';
import { UserEntity } from './entities/user.entity.js';
import { rethrowUserConflict } from './user-conflict.js';

export const USER_SORTABLE = ['userid', 'name', 'email', 'role', 'createdAt', 'balance'] as const;
@Injectable()
export class UsersAdminService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly audit: AuditService,
  ) {}

  private get users() {
    return this.txHost.tx.getRepository(UserEntity);
  }

  async list(query: ListQuery) {
    const builder = this.users.createQueryBuilder('u');
    const { q, role, isBlocked, id } = query.filter as {
      q?: string;
      role?: string;
      isBlocked?: string;
      id?: string[];
    };
    if (Array.isArray(id)) {
      builder.andWhere('u.id IN (:...ids)', {
        ids: id.length ? id : ['00000000-0000-0000-0000-000000000000'],
      });
    }
    if (role) builder.andWhere('u.role = :role', { role });
    if (isBlocked !== undefined && isBlocked !== '') {
      builder.andWhere('u.isBlocked = :blocked', { blocked: String(isBlocked) === 'true' });
    }
    if (q) {
      builder.andWhere(
        new Brackets((where) =>
          where
            .where('u.name ILIKE :q', { q: `%${q}%` })
            .orWhere('u.email ILIKE :q')
            .orWhere('u.mobilenumber LIKE :q')
            .orWhere('CAST(u.userid AS text) = :exact', { exact: q }),
        ),
      );
    }
    const [rows, total] = await builder
      .orderBy(`u.${query.sortField}`, query.sortOrder)
      .skip(query.offset)
      .take(query.limit)
      .getManyAndCount();
    return { users: rows.map(mapAdminUser), total };
  }

  async page(page = 1, limit = 25) {
    const [rows, total] = await this.users.findAndCount({
      order: { userid: 'ASC' },
      skip: (page - 1) * limit,
      take: limit,
    });
    return {
      users: rows.map(mapAdminUser),
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
    const changes: Partial<UserEntity> = {};
    if (dto.name !== undefined) changes.name = dto.name;
    if (dto.mobilenumber !== undefined) changes.mobilenumber = dto.mobilenumber || null;
    if (dto.email !== undefined) changes.email = dto.email.toLowerCase();
    if (dto.role !== undefined) changes.role = dto.role;
    if (dto.verified !== undefined) changes.verified = dto.verified === 'true';
    if (dto.isBlocked !== undefined) changes.isBlocked = dto.isBlocked === 'true';
    const endsSessions =
      (changes.role !== undefined && changes.role !== before.role) ||
      (changes.isBlocked !== undefined && changes.isBlocked !== before.isBlocked);

    await this.txHost
      .withTransaction(async () => {
        if (Object.keys(changes).length) await this.txHost.tx.update(UserEntity, { id }, changes);
        if (endsSessions) await this.txHost.tx.increment(UserEntity, { id }, 'tokenVersion', 1);
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
    const user = /^[0-9a-f-]{36}$/i.test(id) ? await this.users.findOneBy({ id }) : null;
    if (!user) throw AppError.notFound(Messages.notFound);
    return user;
  }
}
