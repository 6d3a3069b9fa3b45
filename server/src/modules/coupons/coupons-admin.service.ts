import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { AppError } from '../../common/errors/app-error.js';
import type { ListQuery } from '../../common/http/simple-rest.js';
import { Messages } from '@zstore/contract/messages';
import { AuditService } from '../audit/audit.service.js';
import { couponFields, type CouponFields } from './coupons-admin.input.js';
import { CouponsAdminRepository } from './coupons-admin.repository.js';
import type { AdminCoupon } from './coupon-rows.js';
import { mapAdminCoupon, type CouponEditDto, type CouponWriteDto } from './dto/coupon-admin.dto.js';

const UNIQUE_VIOLATION = '23505';

const fieldsOf = (coupon: AdminCoupon): CouponFields => {
  const { id: _id, _id: _same, usedCount: _used, ...fields } = mapAdminCoupon(coupon);
  return fields;
};

/** Coupons for the admin console; every change is audited in its transaction. */
@Injectable()
export class CouponsAdminService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly repository: CouponsAdminRepository,
    private readonly audit: AuditService,
  ) {}

  async list(query: ListQuery) {
    const { rows, total } = await this.repository.list(query);
    return { coupons: rows.map(mapAdminCoupon), total };
  }

  async get(id: string) {
    return mapAdminCoupon(await this.require(id));
  }

  async create(auth: AuthUser, form: CouponWriteDto) {
    const fields = couponFields(form);
    const id = await this.change(async () => {
      const created = await this.repository.insert(fields);
      await this.record(auth, 'coupon.create', created, null, fields);
      return created;
    });
    return this.get(id);
  }

  async edit(auth: AuthUser, id: string, form: CouponEditDto) {
    await this.change(async () => {
      const before = await this.require(id);
      const fields = couponFields(form, fieldsOf(before));
      await this.repository.update(id, fields);
      await this.record(auth, 'coupon.update', id, mapAdminCoupon(before), fields);
    });
    return this.get(id);
  }

  /** Soft: orders keep pointing at the coupon, and its code becomes free for a new coupon. */
  async delete(auth: AuthUser, id: string) {
    return this.change(async () => {
      const before = await this.require(id);
      await this.repository.softDelete(id);
      await this.record(auth, 'coupon.delete', id, mapAdminCoupon(before), null);
      return mapAdminCoupon(before);
    });
  }

  private async change<T>(work: () => Promise<T>) {
    try {
      return await this.txHost.withTransaction(work);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        throw AppError.conflict(Messages.couponCodeTaken);
      }
      throw error;
    }
  }

  private record(
    auth: AuthUser,
    action: string,
    entityId: string,
    before: unknown,
    after: unknown,
  ) {
    return this.audit.record({
      actorId: auth.id,
      action,
      entity: 'coupon',
      entityId,
      before,
      after,
    });
  }

  private async require(id: string) {
    const row = await this.repository.get(id, this.txHost.isTransactionActive());
    if (!row) throw AppError.notFound(Messages.notFound);
    return row;
  }
}
