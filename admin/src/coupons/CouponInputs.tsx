import { InputAdornment } from '@mui/material';
import { BooleanInput, DateInput, NumberInput, SelectInput, TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { discountTypeChoices } from '@/common/choices';
import { upperCaseCode } from '@/coupons/couponChecks';

const rupee = { input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> } };

/** A percentage from 0 to 100, or a fixed amount in rupees, after the discount type. */
const DiscountValueInput = () => {
  const type = useWatch({ name: 'discountType' }) as string | undefined;
  return type === 'fixed' ? (
    <NumberInput source="discountAmount" min={0} step={1} slotProps={rupee} />
  ) : (
    <NumberInput
      source="discountPercentage"
      min={0}
      max={100}
      step={1}
      slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
    />
  );
};

export const CouponInputs = () => (
  <>
    <TextInput source="couponCode" parse={upperCaseCode} />
    <SelectInput source="discountType" choices={discountTypeChoices} />
    <DiscountValueInput />
    <DateInput source="expiryDate" />
    <NumberInput source="minimumItemQuantity" min={1} step={1} />
    <NumberInput source="minPurchaseAmount" min={0} step={1} slotProps={rupee} />
    <NumberInput source="maxDiscountAmount" min={0} step={1} slotProps={rupee} />
    <NumberInput source="usageLimit" min={1} step={1} />
    <NumberInput source="userLimit" min={1} step={1} />
    <TextInput source="description" multiline minRows={2} />
    <BooleanInput source="isActive" />
  </>
);
