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
      toast.error(errorText((error as { body?: unknown }).body) ?? 'We could not create the key.'),
  });
  const revoke = useMutation({
    mutationFn: (keyId: string) => revokeResellerKey(userid, keyId),
    onSuccess: () => void refresh(),
    onError: () => toast.error('We could not revoke the key. Please try again.'),
  });
  const statement = useMutation({
    mutationFn: (which: 'live' | 'test') => fetchStatement(userid, which),
    onSuccess: (csv, which) => download(`statement-${which}.csv`, csv),
    onError: () => toast.error('We could not download the statement. Please try again.'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (label.trim()) create.mutate();
  };
  const copy = async () => {
    if (!created) return;
    await navigator.clipboard.writeText(created.secret);
    toast.success('Secret copied.');
  };

  return (
    <section className="card api-keys" aria-labelledby="api-keys-heading">
      <h2 id="api-keys-heading" className="section-heading">
        API keys
      </h2>
      <p className="muted">
        Keys let your shop or bot order through the <a href="/docs/reseller-api">reseller API</a>.
        Test keys spend a free test balance; live keys spend your Z-Coins.
      </p>
      {keys.data && keys.data.keys.length > 0 && (
        <ul className="api-key-list">
          {keys.data.keys.map((key) => (
            <li key={key.keyId} className="api-key">
              <span className="api-key-text">
                <strong>{key.label}</strong>
                <code>{key.keyId}</code>
                <span className="muted">
                  {key.mode === 'live' ? 'Live' : 'Test'}
                  {key.allowedIps.length ? ` · ${key.allowedIps.join(', ')}` : ''}
                  {key.revokedAt ? ' · Revoked' : ''}
                </span>
              </span>
              {!key.revokedAt && (
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  aria-label={`Revoke ${key.label}`}
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(key.keyId)}
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {keys.data && keys.data.keys.length === 0 && <p className="muted">No API keys yet.</p>}
      <form className="api-key-form" onSubmit={submit}>
        <TextField label="Key label" value={label} onChange={setLabel} maxLength={60} required />
        <div className="field">
          <label className="field-label" htmlFor="api-key-mode">
            Mode
          </label>
          <select
            id="api-key-mode"
            className="input"
            value={mode}
            onChange={(event) => setMode(event.target.value as 'live' | 'test')}
          >
            <option value="test">Test (sandbox)</option>
            <option value="live">Live (Z-Coins)</option>
          </select>
        </div>
        <TextField
          label="Allowed IPs"
          value={addresses}
          onChange={setAddresses}
          hint="Optional: addresses or ranges such as 203.0.113.0/24, separated by commas."
        />
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          Create key
        </button>
      </form>
      <div className="api-key-statements">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => statement.mutate('live')}
        >
          Download statement (Z-Coins)
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => statement.mutate('test')}
        >
          Download statement (test)
        </button>
      </div>
      <Modal
        open={created !== null}
        title="Your new API key"
        onClose={() => setCreated(null)}
        footer={
          <button type="button" className="btn btn-primary" onClick={() => setCreated(null)}>
            I have saved it
          </button>
        }
      >
        {created && (
          <div className="api-key-secret">
            <p role="alert">
              <Icon name="alert" /> Copy the secret now: it is shown only this once. Keep it on your
              server, never in an app or a chat.
            </p>
            <p>
              Key id: <code>{created.keyId}</code>
            </p>
            <p>
              Secret: <code data-testid="api-key-secret">{created.secret}</code>
            </p>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void copy()}>
              <Icon name="copy" /> Copy secret
            </button>
          </div>
        )}
      </Modal>
    </section>
  );
}
