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
import { Trans, useTranslation } from 'react-i18next';
import { serverText } from '@/i18n/errors';
import { DocsLink } from './DocsLink';

const rupees = (paise: number) => formatRupees(paise / 100);
const failed = (error: unknown, fallback: string) =>
  serverText(errorText((error as { body?: unknown }).body), fallback);

/** Upload a CSV of orders, see every row's check, confirm, and watch the batch complete. */
export default function BulkOrdersPage() {
  const { user } = useSession();
  const { t } = useTranslation();
  if (!user) return null;
  if (user.role !== 'reseller') {
    return (
      <div className="container page page-medium">
        <h1 className="page-title">{t('dashboard.bulkOrders')}</h1>
        <p className="card">{t('dashboard.bulkResellers')}</p>
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
  const { t } = useTranslation();

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
        <Link to="/dashboard">{t('dashboard.breadcrumb')}</Link> / {t('dashboard.bulkOrders')}
      </p>
      <h1 className="page-title">{t('dashboard.bulkOrders')}</h1>
      <section className="card" aria-labelledby="bulk-upload-heading">
        <h2 id="bulk-upload-heading" className="section-heading">
          {t('dashboard.uploadCsv')}
        </h2>
        <p className="muted">
          <Trans
            i18nKey="dashboard.uploadIntro"
            components={{ code: <code />, docs: <DocsLink /> }}
          />
        </p>
        {keys.data && active.length === 0 && <p role="alert">{t('dashboard.createKeyFirst')}</p>}
        {active.length > 0 && (
          <div className="bulk-form">
            <div className="field">
              <label className="field-label" htmlFor="bulk-key">
                {t('dashboard.placeWithKey')}
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
                    {option.label} (
                    {option.mode === 'live' ? t('dashboard.keyLive') : t('dashboard.keyTest')})
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field-label" htmlFor="bulk-file">
                {t('dashboard.csvFile')}
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
          error={place.isError ? failed(place.error, t('dashboard.placeFailed')) : null}
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
  const { t } = useTranslation();
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
        {t('dashboard.check')}
      </h2>
      <p className="bulk-summary" data-testid="bulk-summary">
        {t('dashboard.summary', {
          rows: result.rows,
          ready: result.accepted.length,
          refused: result.rejected.length,
          total: rupees(result.total_paise),
          wallet: result.mode === 'live' ? t('dashboard.walletCoins') : t('dashboard.walletTest'),
          balance: rupees(result.balance_paise),
        })}
      </p>
      {short && (
        <p role="alert" className="bulk-error">
          {t('dashboard.notEnough')}
        </p>
      )}
      <div className="bulk-table-wrap">
        <table className="bulk-table">
          <thead>
            <tr>
              <th scope="col">{t('dashboard.row')}</th>
              <th scope="col">{t('dashboard.reference')}</th>
              <th scope="col">{t('dashboard.check')}</th>
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
                  {row.problem ??
                    t('dashboard.rowLine', {
                      item: row.item_name,
                      input1: row.input1,
                      input2: row.input2,
                      price: rupees(row.price_paise),
                    })}
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
        {t('dashboard.placeN', { count: result.accepted.length })}
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
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="bulk-batch-heading">
      <h2 id="bulk-batch-heading" className="section-heading">
        {t('dashboard.batch')}
      </h2>
      <p className="muted">
        <Trans
          i18nKey="dashboard.batchAccepted"
          values={{ id: batch.batch_id, count: batch.accepted }}
          components={{ code: <code /> }}
        />
      </p>
      <progress
        className="bulk-progress"
        max={Math.max(1, batch.accepted)}
        value={done}
        aria-label={t('dashboard.ordersFinished')}
      />
      <p role="status" data-testid="bulk-status">
        {finished
          ? t('dashboard.batchComplete', { done, total: batch.accepted })
          : status.data?.status === 'placing'
            ? t('dashboard.placing', {
                placed: batch.accepted - (counts.Queued ?? 0),
                total: batch.accepted,
              })
            : t('dashboard.delivering', { done, total: batch.accepted })}
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
          <Link to="/orders">{t('dashboard.seeOrders')}</Link>
        </p>
      )}
    </section>
  );
}
