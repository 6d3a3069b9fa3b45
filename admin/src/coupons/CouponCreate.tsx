import type { FieldValues } from 'react-hook-form';
import { Create, SimpleForm, useCreate, useNotify, useRedirect } from 'react-admin';
import { serverMessage } from '@/adminApi';
import { CreateToolbar } from '@/common/CreateToolbar';
import { checkNewCoupon, toCouponPayload, type CouponFormValues } from '@/coupons/couponChecks';
import { CouponInputs } from '@/coupons/CouponInputs';

const defaultValues: CouponFormValues = {
  discountType: 'percentage',
  isActive: true,
  minimumItemQuantity: 1,
};

/** `/admin/createcoupons`. */
const CouponCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  const [create] = useCreate();

  const submit = async (values: FieldValues) => {
    const errors = checkNewCoupon(values);
    if (errors) {
      notify('resources.getcoupons.notifications.fill_required', { type: 'error' });
      return errors;
    }
    try {
      await create('getcoupons', { data: toCouponPayload(values) }, { returnPromise: true });
      notify('resources.getcoupons.notifications.created', { type: 'success' });
      redirect('list', 'getcoupons');
    } catch (error) {
      const message = serverMessage(error) ?? 'resources.getcoupons.notifications.error';
      notify(message, { type: 'error', messageArgs: { _: message } });
    }
    return undefined;
  };

  return (
    <Create resource="getcoupons" title="resources.getcoupons.create_title">
      <SimpleForm
        toolbar={<CreateToolbar />}
        onSubmit={submit}
        defaultValues={defaultValues}
        sx={{ maxWidth: 640 }}
      >
        <CouponInputs />
      </SimpleForm>
    </Create>
  );
};

export default CouponCreate;
