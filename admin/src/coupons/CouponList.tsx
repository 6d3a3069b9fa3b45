import {
  BooleanField,
  CreateButton,
  DataTable,
  FunctionField,
  List,
  SearchInput,
  TopToolbar,
  useBasename,
} from 'react-admin';
import { CouponEditDialog } from '@/coupons/CouponEditDialog';
import { EmptyText, ErrorText, LoadingText } from '@/common/ListStates';
import { DateTimeField } from '@/common/DateTimeField';
import { formatRupees } from '@/common/money';
import { RowActions } from '@/common/RowActions';
import type { Coupon } from '@/types';

const Column = DataTable.Col<Coupon>;
const empty = <EmptyText message="resources.getcoupons.empty" />;

const couponFilters = [<SearchInput key="q" source="q" alwaysOn />];

const discountText = (coupon: Coupon) =>
  coupon.discountType === 'fixed'
    ? formatRupees(coupon.discountAmount)
    : `${coupon.discountPercentage ?? 0}%`;

/** The create form lives at the spec's own route, under the console's basename. */
const CreateActions = () => {
  const basename = useBasename();
  return (
    <TopToolbar>
      <CreateButton to={`${basename}/createcoupons`} />
    </TopToolbar>
  );
};

/** `/admin/getcoupons`. */
const CouponList = () => (
  <List<Coupon>
    filters={couponFilters}
    actions={<CreateActions />}
    sort={{ field: 'expiryDate', order: 'DESC' }}
    perPage={50}
    empty={empty}
    loading={<LoadingText />}
    error={<ErrorText message="resources.getcoupons.notifications.error" />}
  >
    <DataTable<Coupon> bulkActionButtons={false} rowClick={false} empty={empty}>
      <Column source="couponCode" />
      <Column source="discountType" />
      <Column label="resources.getcoupons.fields.discount" disableSort>
        <FunctionField<Coupon> render={discountText} />
      </Column>
      <Column source="expiryDate">
        <DateTimeField source="expiryDate" dateOnly />
      </Column>
      <Column source="minimumItemQuantity" />
      <Column source="minPurchaseAmount">
        <FunctionField<Coupon> render={(coupon) => formatRupees(coupon.minPurchaseAmount)} />
      </Column>
      <Column source="maxDiscountAmount">
        <FunctionField<Coupon> render={(coupon) => formatRupees(coupon.maxDiscountAmount)} />
      </Column>
      <Column label="resources.getcoupons.fields.usage" disableSort>
        <FunctionField<Coupon>
          render={(coupon) => `${coupon.usedCount ?? 0}/${coupon.usageLimit}`}
        />
      </Column>
      <Column source="userLimit" />
      <Column source="isActive">
        <BooleanField source="isActive" />
      </Column>
      <Column source="description" />
      <Column label="ra.action.edit" disableSort>
        <RowActions<Coupon>
          editDialog={(coupon, close) => <CouponEditDialog coupon={coupon} onClose={close} />}
          deleteConfirm="resources.getcoupons.delete_confirm"
          deleteSuccess="resources.getcoupons.notifications.deleted"
          deleteFailure="resources.getcoupons.notifications.error"
        />
      </Column>
    </DataTable>
  </List>
);

export default CouponList;
