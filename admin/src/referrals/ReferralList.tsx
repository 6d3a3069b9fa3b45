import { DataTable, FunctionField, List, SelectInput, TextField, useTranslate } from 'react-admin';
import { DateTimeField } from '@/common/DateTimeField';
import { EmptyText } from '@/common/ListStates';
import type { Referral } from '@/types';
import { VoidReferralButton } from './VoidReferralButton';

const Column = DataTable.Col<Referral>;
const empty = <EmptyText message="resources.referrals.empty" />;
const STATUSES = ['pending', 'rewarded', 'refused', 'void'] as const;

const StatusFilter = () => {
  const translate = useTranslate();
  return (
    <SelectInput
      source="status"
      choices={STATUSES.map((id) => ({
        id,
        name: translate(`resources.referrals.statuses.${id}`),
      }))}
      emptyText="app.all"
      alwaysOn
    />
  );
};

/** `/admin/referrals`: who referred whom, what it paid, and a Void per row. */
const ReferralList = () => {
  const translate = useTranslate();
  return (
    <List<Referral>
      filters={[<StatusFilter key="status" />]}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={empty}
    >
      <DataTable<Referral> bulkActionButtons={false} rowClick={false} empty={empty}>
        <Column source="createdAt" disableSort={false}>
          <DateTimeField source="createdAt" />
        </Column>
        <Column source="referrer" disableSort>
          <TextField source="referrer" />
        </Column>
        <Column source="referee" disableSort>
          <TextField source="referee" />
        </Column>
        <Column source="status" disableSort>
          <FunctionField<Referral>
            render={(r) => translate(`resources.referrals.statuses.${r.status}`)}
          />
        </Column>
        <Column source="orderid" disableSort>
          <TextField source="orderid" emptyText="—" />
        </Column>
        <Column source="points" disableSort>
          <FunctionField<Referral>
            render={(r) =>
              `${r.referrerPoints} / ${r.refereePoints}` +
              (r.clawedBackPoints ? ` (−${r.clawedBackPoints})` : '')
            }
          />
        </Column>
        <Column source="notes" disableSort>
          <FunctionField<Referral> render={(r) => r.voidReason ?? r.refusedWhy ?? '—'} />
        </Column>
        <Column disableSort>
          <VoidReferralButton />
        </Column>
      </DataTable>
    </List>
  );
};

export default ReferralList;
