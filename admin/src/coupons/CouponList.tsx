import {
  BooleanField,
  CreateButton,
  DataTable,
  FunctionField,
  List,
  SearchInput,
  TopToolbar,
  useBasename,
  useTranslate,
} from 'react-admin';
import { Box } from '@mui/material';
import { CouponEditDialog } from '@/coupons/CouponEditDialog';
import { EmptyText, ErrorText, LoadingText } from '@/common/ListStates';
import { DateTimeField } from '@/common/DateTimeField';
import { formatRupees } from '@/common/money';
import { RowActions } from '@/common/RowActions';
import { StackedField } from '@/common/StackedField';
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

/** `/admin/getcoupons`: paired values share a cell, so the table fits 1366 px. */
const CouponList = () => {
  const translate = useTranslate();
  return (
    <List<Coupon>
      filters={couponFilters}
      actions={<CreateActions />}
      sort={{ field: 'expiryDate', order: 'DESC' }}
      perPage={50}
      empty={empty}
      loading={<LoadingText />}
      error={<ErrorText message="resources.getcoupons.notifications.error" />}
    >
      <DataTable<Coupon>
        bulkActionButtons={false}
        rowClick={false}
        empty={empty}
        sx={{ '& .MuiTableCell-root': { px: 1 } }}
      >
        <Column source="couponCode" label="resources.getcoupons.columns.code">
          <FunctionField<Coupon>
            render={(coupon) => (
              <Box sx={{ maxWidth: 240 }}>
                <StackedField first={coupon.couponCode} second={coupon.description ?? ''} />
              </Box>
            )}
          />
        </Column>
        <Column source="discountType" label="resources.getcoupons.columns.discount">
          <FunctionField<Coupon>
            render={(coupon) => (
              <StackedField first={discountText(coupon)} second={coupon.discountType} />
            )}
          />
        </Column>
        <Column source="expiryDate">
          <DateTimeField source="expiryDate" dateOnly />
        </Column>
        <Column source="minPurchaseAmount" label="resources.getcoupons.columns.minimum">
          <FunctionField<Coupon>
            render={(coupon) => (
              <StackedField
                first={formatRupees(coupon.minPurchaseAmount)}
                second={translate('resources.getcoupons.columns.items', {
                  smart_count: coupon.minimumItemQuantity,
                })}
              />
            )}
          />
        </Column>
        <Column source="maxDiscountAmount" label="resources.getcoupons.columns.max_discount">
          <FunctionField<Coupon> render={(coupon) => formatRupees(coupon.maxDiscountAmount)} />
        </Column>
        <Column label="resources.getcoupons.columns.usage" disableSort>
          <FunctionField<Coupon>
            render={(coupon) => (
              <StackedField
                first={`${coupon.usedCount ?? 0}/${coupon.usageLimit}`}
                second={translate('resources.getcoupons.columns.per_user', {
                  limit: coupon.userLimit,
                })}
              />
            )}
          />
        </Column>
        <Column source="isActive">
          <BooleanField source="isActive" />
        </Column>
        <Column label="ra.action.edit" disableSort>
          <RowActions<Coupon>
            stacked
            editDialog={(coupon, close) => <CouponEditDialog coupon={coupon} onClose={close} />}
            deleteConfirm="resources.getcoupons.delete_confirm"
            deleteSuccess="resources.getcoupons.notifications.deleted"
            deleteFailure="resources.getcoupons.notifications.error"
          />
        </Column>
      </DataTable>
    </List>
  );
};

export default CouponList;
