import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { errorText } from '@/api/client';
import {
  createResellerKey,
  fetchStatement,
  resellerKeysQuery,
  revokeResellerKey,
  type CreatedResellerKey,
} from '@/api/resellerKeys';
import { Icon } from '@/components/Icon';
import { Modal } from '@/components/Modal';
import { TextField } from '@/components/TextField';
import { Trans, useTranslation } from 'react-i18next';
import { serverText } from '@/i18n/errors';
import { DocsLink } from './DocsLink';

const splitAddresses = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);

/** Saves text as a file the browser downloads. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** A reseller's API keys (docs at /docs/reseller-api): create, see once, revoke; statements. */
export function ApiKeys({ userid }: { userid: number }) {
  const queryClient = useQueryClient();
  const keys = useQuery(resellerKeysQuery(userid));
  const [label, setLabel] = useState('');
  const [mode, setMode] = useState<'live' | 'test'>('test');
  const [addresses, setAddresses] = useState('');
  const [created, setCreated] = useState<CreatedResellerKey | null>(null);
  const { t } = useTranslation();
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: resellerKeysQuery(userid).queryKey });

  const create = useMutation({
    mutationFn: () =>
      createResellerKey(userid, {
        label: label.trim(),
        mode,
        ...(addresses.trim() ? { allowedIps: splitAddresses(addresses) } : {}),
      }),
    onSuccess: (key) => {
      setCreated(key);
      setLabel('');
      setAddresses('');
      void refresh();
    },
    onError: (error) =>
      toast.error(
        serverText(errorText((error as { body?: unknown }).body), t('dashboard.keyCreateFailed')),
      ),
  });
  const revoke = useMutation({
    mutationFn: (keyId: string) => revokeResellerKey(userid, keyId),
    onSuccess: () => void refresh(),
    onError: () => toast.error(t('dashboard.keyRevokeFailed')),
  });
  const statement = useMutation({
    mutationFn: (which: 'live' | 'test') => fetchStatement(userid, which),
    onSuccess: (csv, which) => download(`statement-${which}.csv`, csv),
    onError: () => toast.error(t('dashboard.statementFailed')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (label.trim()) create.mutate();
  };
  const copy = async () => {
    if (!created) return;
    await navigator.clipboard.writeText(created.secret);
    toast.success(t('dashboard.secretCopied'));
  };

  return (
    <section className="card api-keys" aria-labelledby="api-keys-heading">
      <h2 id="api-keys-heading" className="section-heading">
        {t('dashboard.apiKeys')}
      </h2>
      <p className="muted">
        <Trans i18nKey="dashboard.apiKeysIntro" components={{ docs: <DocsLink /> }} />
      </p>
      {keys.data && keys.data.keys.length > 0 && (
        <ul className="api-key-list">
          {keys.data.keys.map((key) => (
            <li key={key.keyId} className="api-key">
              <span className="api-key-text">
                <strong>{key.label}</strong>
                <code>{key.keyId}</code>
                <span className="muted">
                  {key.mode === 'live' ? t('dashboard.live') : t('dashboard.test')}
                  {key.allowedIps.length ? ` · ${key.allowedIps.join(', ')}` : ''}
                  {key.revokedAt ? t('dashboard.revoked') : ''}
                </span>
              </span>
              {!key.revokedAt && (
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  aria-label={t('dashboard.revokeLabel', { label: key.label })}
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(key.keyId)}
                >
                  {t('dashboard.revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {keys.data && keys.data.keys.length === 0 && <p className="muted">{t('dashboard.noKeys')}</p>}
      <form className="api-key-form" onSubmit={submit}>
        <TextField
          label={t('dashboard.keyLabel')}
          value={label}
          onChange={setLabel}
          maxLength={60}
          required
        />
        <div className="field">
          <label className="field-label" htmlFor="api-key-mode">
            {t('dashboard.mode')}
          </label>
          <select
            id="api-key-mode"
            className="input"
            value={mode}
            onChange={(event) => setMode(event.target.value as 'live' | 'test')}
          >
            <option value="test">{t('dashboard.modeTest')}</option>
            <option value="live">{t('dashboard.modeLive')}</option>
          </select>
        </div>
        <TextField
          label={t('dashboard.allowedIps')}
          value={addresses}
          onChange={setAddresses}
          hint={t('dashboard.allowedIpsHint')}
        />
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {t('dashboard.createKey')}
        </button>
      </form>
      <div className="api-key-statements">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => statement.mutate('live')}
        >
          {t('dashboard.statementLive')}
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => statement.mutate('test')}
        >
          {t('dashboard.statementTest')}
        </button>
      </div>
      <Modal
        open={created !== null}
        title={t('dashboard.newKey')}
        onClose={() => setCreated(null)}
        footer={
          <button type="button" className="btn btn-primary" onClick={() => setCreated(null)}>
            {t('dashboard.savedIt')}
          </button>
        }
      >
        {created && (
          <div className="api-key-secret">
            <p role="alert">
              <Icon name="alert" /> {t('dashboard.copyNow')}
            </p>
            <p>
              {t('dashboard.keyId')}
              <code>{created.keyId}</code>
            </p>
            <p>
              {t('dashboard.secret')}
              <code data-testid="api-key-secret">{created.secret}</code>
            </p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void copy()}>
              <Icon name="copy" /> {t('dashboard.copySecret')}
            </button>
          </div>
        )}
      </Modal>
    </section>
  );
}
