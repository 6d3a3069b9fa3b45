import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { useSession } from '@/auth/SessionContext';
import { errorText } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import {
  batchStatus,
  checkBatch,
  placeBatch,
  type BatchAnswer,
  type BatchCheck,
} from '@/api/resellerBatches';
import { resellerKeysQuery } from '@/api/resellerKeys';
import { StatusPill } from '@/components/StatusPill';
import { formatRupees } from '@/lib/format';
import './bulk-orders.css';

const rupees = (paise: number) => formatRupees(paise / 100);
const failed = (error: unknown, fallback: string) =>
  errorText((error as { body?: unknown }).body) ?? fallback;

/** Upload a CSV of orders, see every row's check, confirm, and watch the batch complete. */
export default function BulkOrdersPage() {
  const { user } = useSession();
  if (!user) return null;
  if (user.role !== 'reseller') {
    return (
      <div className="container page page-medium">
        <h1 className="page-title">Bulk orders</h1>
        <p className="card">Bulk orders are for reseller accounts.</p>
      </div>
    );
  }
  return <BulkOrders userid={user.userid} />;
}

function BulkOrders({ userid }: { userid: number }) {
  const keys = useQuery(resellerKeysQuery(userid));
  const active = (keys.data?.keys ?? []).filter((key) => !key.revokedAt);
  const [chosen, setChosen] = useState('');
  const key = chosen || active[0]?.keyId || '';
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const [batch, setBatch] = useState<BatchAnswer | null>(null);

  const check = useMutation({
    mutationFn: (text: string) => checkBatch(userid, key, text),
  });
  const place = useMutation({
    mutationFn: () => placeBatch(userid, key, file!.text),
    onSuccess: setBatch,
  });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    if (!picked) return;
    const text = await picked.text();
    setFile({ name: picked.name, text });
    setBatch(null);
    place.reset();
    check.mutate(text);
  };

  return (
    <div className="container page page-medium bulk-orders">
      <p className="muted">
        <Link to="/dashboard">Dashboard</Link> / Bulk orders
      </p>
      <h1 className="page-title">Bulk orders</h1>
      <section className="card" aria-labelledby="bulk-upload-heading">
        <h2 id="bulk-upload-heading" className="section-heading">
          Upload a CSV
        </h2>
        <p className="muted">
          Up to 1,000 orders, one a row, under the header{' '}
          <code>reference,item_id,input1,input2</code>. Every row is checked before anything is
          placed. See the <a href="/docs/reseller-api">reseller API page</a> for the fields.
        </p>
        {keys.data && active.length === 0 && (
          <p role="alert">Create an API key on your dashboard first: its orders carry its label.</p>
        )}
        {active.length > 0 && (
          <div className="bulk-form">
            <div className="field">
              <label className="field-label" htmlFor="bulk-key">
                Place with key
              </label>
              <select
                id="bulk-key"
                className="input"
                value={key}
                disabled={batch !== null}
                onChange={(event) => {
                  setChosen(event.target.value);
                  if (file) check.mutate(file.text);
                }}
              >
                {active.map((option) => (
                  <option key={option.keyId} value={option.keyId}>
                    {option.label} ({option.mode === 'live' ? 'Live, Z-Coins' : 'Test balance'})
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field-label" htmlFor="bulk-file">
                CSV file
              </label>
              <input
                id="bulk-file"
                className="input"
                type="file"
                accept=".csv,text/csv"
                disabled={batch !== null}
                onChange={(event) => void choose(event)}
              />
            </div>
          </div>
        )}
        {check.isPending && <p className="muted">Checking every row…</p>}
        {check.isError && (
          <p role="alert" className="bulk-error">
            {failed(check.error, 'We could not check the file. Please try again.')}
          </p>
        )}
      </section>
      {check.data && file && !batch && (
        <Precheck
          result={check.data}
          placing={place.isPending}
          error={place.isError ? failed(place.error, 'We could not place the batch.') : null}
          onConfirm={() => place.mutate()}
        />
      )}
      {batch && <BatchProgress userid={userid} keyId={key} batch={batch} />}
    </div>
  );
}

function Precheck({
  result,
  placing,
  error,
  onConfirm,
}: {
  result: BatchCheck;
  placing: boolean;
  error: string | null;
  onConfirm: () => void;
}) {
  const short = result.total_paise > result.balance_paise;
  const rows = [
    ...result.accepted.map((row) => ({ ...row, problem: null as string | null })),
    ...result.rejected.map((row) => ({
      row: row.row,
      reference: row.reference,
      item_name: '',
      input1: '',
      input2: '',
      price_paise: 0,
      problem: row.message,
    })),
  ].sort((a, b) => a.row - b.row);
  return (
    <section className="card" aria-labelledby="bulk-check-heading">
      <h2 id="bulk-check-heading" className="section-heading">
        Check
      </h2>
      <p className="bulk-summary" data-testid="bulk-summary">
        {result.rows} rows: {result.accepted.length} ready, {result.rejected.length} refused. Total{' '}
        {rupees(result.total_paise)} of your {result.mode === 'live' ? 'Z-Coins' : 'test'} balance{' '}
        {rupees(result.balance_paise)}.
      </p>
      {short && (
        <p role="alert" className="bulk-error">
          Not enough balance for these rows: top up or remove some rows.
        </p>
      )}
      <div className="bulk-table-wrap">
        <table className="bulk-table">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Reference</th>
              <th scope="col">Check</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.row} className={row.problem ? 'bulk-refused' : undefined}>
                <td>{row.row}</td>
                <td>
                  <code>{row.reference || '—'}</code>
                </td>
                <td>
                  {row.problem ?? (
                    <>
                      {row.item_name} for {row.input1} ({row.input2}) · {rupees(row.price_paise)}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error && (
        <p role="alert" className="bulk-error">
          {error}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary"
        disabled={placing || short || result.accepted.length === 0}
        onClick={onConfirm}
      >
        Place {result.accepted.length} orders
      </button>
    </section>
  );
}

const ORDER = ['Queued', 'Processing', 'Completed', 'Refunded', 'Failed', 'Cancelled', 'Rejected'];

function BatchProgress({
  userid,
  keyId,
  batch,
}: {
  userid: number;
  keyId: string;
  batch: BatchAnswer;
}) {
  const status = useQuery({
    queryKey: queryKeys.resellerBatch(userid, batch.batch_id),
    queryFn: () => batchStatus(userid, keyId, batch.batch_id),
    refetchInterval: (query) => (query.state.data?.status === 'completed' ? false : 1500),
  });
  const counts = status.data?.counts ?? {};
  const done = (counts.Completed ?? 0) + (counts.Refunded ?? 0) + (counts.Failed ?? 0);
  const finished = status.data?.status === 'completed';
  return (
    <section className="card" aria-labelledby="bulk-batch-heading">
      <h2 id="bulk-batch-heading" className="section-heading">
        Batch
      </h2>
      <p className="muted">
        Batch <code>{batch.batch_id}</code>: {batch.accepted} orders accepted.
      </p>
      <progress
        className="bulk-progress"
        max={Math.max(1, batch.accepted)}
        value={done}
        aria-label="Orders finished"
      />
      <p role="status" data-testid="bulk-status">
        {finished
          ? `Batch complete: ${done} of ${batch.accepted} orders finished.`
          : status.data?.status === 'placing'
            ? `Placing orders: ${batch.accepted - (counts.Queued ?? 0)} of ${batch.accepted} placed.`
            : `Delivering: ${done} of ${batch.accepted} orders finished.`}
      </p>
      <ul className="bulk-counts">
        {ORDER.filter((name) => counts[name]).map((name) => (
          <li key={name}>
            <StatusPill status={name} /> {counts[name]}
          </li>
        ))}
      </ul>
      {finished && (
        <p>
          <Link to="/orders">See the orders</Link>
        </p>
      )}
    </section>
  );
}
