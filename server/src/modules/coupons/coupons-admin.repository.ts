import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import type { ListQuery } from '../../common/http/simple-rest.js';
import { containsPattern, isUuid } from '../../common/http/list-filters.js';
import type { AdminCoupon } from './coupon-rows.js';
import { CouponEntity } from './coupon.entity.js';
import type { CouponFields } from './coupons-admin.input.js';

/** The console's sortable fields, by the entity property each one reads. */
export const COUPON_SORT: Record<string, keyof CouponEntity> = {
  id: 'createdAt',
  couponCode: 'couponCode',
  discountType: 'discountType',
  expiryDate: 'expiryDate',
  isActive: 'isActive',
  usedCount: 'usedCount',
  usageLimit: 'usageLimit',
};

/** The console's coupon reads and writes. Deleted coupons stay for the orders that used them. */
@Injectable()
export class CouponsAdminRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get coupons() {
    return this.txHost.tx.getRepository(CouponEntity);
  }

  async list(query: ListQuery): Promise<{ rows: AdminCoupon[]; total: number }> {
    const list = this.coupons.createQueryBuilder('coupon').where('coupon.deletedAt IS NULL');
    const { q, id } = query.filter;
    if (Array.isArray(id)) {
      list.andWhere('coupon.id::text = ANY(CAST(:ids AS text[]))', { ids: id.map(String) });
    }
    if (typeof q === 'string' && q) {
      list.andWhere('coupon.couponCode ILIKE :q', { q: containsPattern(q) });
    }
    const [rows, total] = await list
      .orderBy(`coupon.${COUPON_SORT[query.sortField] ?? 'createdAt'}`, query.sortOrder)
      .addOrderBy('coupon.id')
      .limit(query.limit)
      .offset(query.offset)
      .getManyAndCount();
    return { rows, total };
  }

  async get(id: string, lock = false): Promise<AdminCoupon | undefined> {
    if (!isUuid(id)) return undefined;
    const coupon = this.coupons.createQueryBuilder('coupon').where({ id, deletedAt: IsNull() });
    if (lock) coupon.setLock('pessimistic_write');
    return (await coupon.getOne()) ?? undefined;
  }

  async insert(coupon: CouponFields): Promise<string> {
    const { identifiers } = await this.coupons.insert({ ...coupon });
    return (identifiers[0] as Pick<CouponEntity, 'id'>).id;
  }

  async update(id: string, coupon: CouponFields) {
    await this.coupons.update({ id }, { ...coupon, updatedAt: () => 'now()' });
  }

  /** Hidden and unusable; orders keep their coupon reference, and uses still in flight can be given back. */
  async softDelete(id: string) {
    await this.coupons.update(
      { id },
      { deletedAt: () => 'now()', isActive: false, updatedAt: () => 'now()' },
    );
  }
}
