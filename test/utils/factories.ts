import { faker } from '@faker-js/faker';
import { Factory } from 'fishery';
import type { TestApp } from './app.js';

/**
 * The one place tests make users, accounts and coupons: `build` gives the fields, `create`
 * (with the app as a transient parameter) writes the row. Every build is unique.
 */

type Db = { app?: Pick<TestApp, 'sql'> };

function dbOf({ app }: Db) {
  if (!app) throw new Error('create() needs the app: factory.transient({ app }).create()');
  return app;
}

/** A 10-digit Indian mobile number no seeded account uses. */
export const newMobile = () => `7${faker.string.numeric({ length: 9, allowLeadingZeros: true })}`;

/** Registration details of a new account, as the sign-up form sends them. */
export interface AccountInput {
  name: string;
  email: string;
  mobileNumber: string;
  password: string;
}

export const accountFactory = Factory.define<AccountInput>(({ sequence }) => {
  const tag = `${faker.string.alphanumeric({ length: 8, casing: 'lower' })}${sequence}`;
  return {
    name: `Player ${tag}`,
    email: `player.${tag}@example.com`,
    mobileNumber: newMobile(),
    password: `quiet river ${tag}`,
  };
});

export interface UserFields {
  name: string;
  email: string;
  mobile: string | null;
  verified: boolean;
}

export interface CreatedUser {
  id: string;
  userid: number;
  email: string;
  /** Empty (null) when the user was made with `mobile: null`. */
  mobile: string;
}

/** A user row written straight to the database, for tests that only need it to exist. */
export const userFactory = Factory.define<UserFields, Db, CreatedUser>(
  ({ transientParams, onCreate }) => {
    onCreate(async (user) => {
      const [row] = await dbOf(transientParams).sql<{
        id: string;
        userid: string;
        email: string;
        mobilenumber: string;
      }>(
        `INSERT INTO users (name, email, mobilenumber, verified) VALUES ($1, $2, $3, $4)
         RETURNING id, userid, email, mobilenumber`,
        [user.name, user.email, user.mobile, user.verified],
      );
      return { id: row.id, userid: Number(row.userid), email: row.email, mobile: row.mobilenumber };
    });
    const account = accountFactory.build();
    return {
      name: account.name,
      email: account.email,
      mobile: account.mobileNumber,
      verified: true,
    };
  },
);

/** A coupon row as the tests need it; every field has a usable default. */
export interface CouponFields {
  coupon_code: string;
  discount_type: 'percentage' | 'fixed';
  /** Paise, for fixed coupons. */
  discount_amount: number;
  discount_percentage: number;
  expiry_date: string;
  min_purchase_amount: number;
  max_discount_amount: number;
  usage_limit: number;
  user_limit: number;
  is_active: boolean;
  used_count: number;
}

/** A coupon written straight to the database; `create` answers its id. */
export const couponFactory = Factory.define<CouponFields, Db, string>(
  ({ sequence, transientParams, onCreate }) => {
    onCreate(async (coupon) => {
      const columns = Object.keys(coupon) as Array<keyof CouponFields>;
      const [created] = await dbOf(transientParams).sql<{ id: string }>(
        `INSERT INTO coupons (${columns.join(', ')})
         VALUES (${columns.map((_, index) => `$${index + 1}`).join(', ')}) RETURNING id`,
        columns.map((column) => coupon[column]),
      );
      return created.id;
    });
    return {
      coupon_code: `${faker.string.alpha({ length: 6, casing: 'upper' })}${sequence}`,
      discount_type: 'fixed',
      discount_amount: 0,
      discount_percentage: 0,
      expiry_date: '2031-01-01',
      min_purchase_amount: 0,
      max_discount_amount: 0,
      usage_limit: 100,
      user_limit: 5,
      is_active: true,
      used_count: 0,
    };
  },
);

/** Writes a coupon straight into the database and returns its id. */
export function createCoupon(
  app: Pick<TestApp, 'sql'>,
  code: string,
  fields: Partial<Omit<CouponFields, 'coupon_code'>> = {},
): Promise<string> {
  return couponFactory.transient({ app }).create({ ...fields, coupon_code: code });
}
