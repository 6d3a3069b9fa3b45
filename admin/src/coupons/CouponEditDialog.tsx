import { useTranslate } from 'react-admin';
import { serverMessage } from '@/adminApi';
import { EditDialog } from '@/common/EditDialog';
import { checkCouponEdit, toCouponPayload } from '@/coupons/couponChecks';
import { CouponInputs } from '@/coupons/CouponInputs';
import type { Coupon } from '@/types';

export const CouponEditDialog = ({ coupon, onClose }: { coupon: Coupon; onClose: () => void }) => {
  const translate = useTranslate();
  return (
    <EditDialog<Coupon>
      resource="getcoupons"
      record={coupon}
      title={translate('resources.getcoupons.edit_title', { code: coupon.couponCode })}
      onClose={onClose}
      check={(values) => checkCouponEdit(values)}
      invalidToast="resources.getcoupons.notifications.fill_required_correctly"
      transform={(values) => toCouponPayload(values) as unknown as Partial<Coupon>}
      successMessage="resources.getcoupons.notifications.edited"
      failureMessage={(error) =>
        serverMessage(error) ??
        (error instanceof Error ? error.message : 'resources.getcoupons.notifications.error')
      }
    >
      <CouponInputs />
    </EditDialog>
  );
};
