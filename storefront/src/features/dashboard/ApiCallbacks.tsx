import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { formatDateTime } from '@/lib/format';
import { errorText } from '@/api/client';
import {
  callbackLogQuery,
  resendCallback,
  setCallbackUrl,
  type CallbackEvent,
} from '@/api/resellerCallbacks';
import { resellerKeysQuery } from '@/api/resellerKeys';
import { TextField } from '@/components/TextField';
import { Trans, useTranslation } from 'react-i18next';
import { i18n } from '@/i18n';
import { serverText } from '@/i18n/errors';
import { DocsLink } from './DocsLink';

const STATES = {
  pending: 'dashboard.cbWaiting',
  delivered: 'dashboard.cbDelivered',
  given_up: 'dashboard.cbGivenUp',
} as const;

const stateWord = (state: string) =>
  Object.hasOwn(STATES, state) ? i18n.t(STATES[state as keyof typeof STATES]) : state;

const tries = (count: number) => i18n.t('dashboard.tries', { count });

function lastAnswer(event: CallbackEvent) {
  const last = event.log.at(-1);
  if (!last) return i18n.t('dashboard.notSent');
  const status =
    last.statusCode === null
      ? (last.error ?? i18n.t('dashboard.noAnswer'))
      : `HTTP ${last.statusCode}`;
  return `${status} · ${last.latencyMs} ms`;
}

/** Where a key's order events go, and what happened to each one sent (with re-send). */
export function ApiCallbacks({ userid }: { userid: number }) {
  const queryClient = useQueryClient();
  const keys = useQuery(resellerKeysQuery(userid));
  const log = useQuery(callbackLogQuery(userid));
  const active = keys.data?.keys.filter((key) => !key.revokedAt) ?? [];
  const [keyId, setKeyId] = useState('');
  const [url, setUrl] = useState('');
  const { t } = useTranslation();
  const chosen = active.find((key) => key.keyId === keyId) ?? active[0];

  const save = useMutation({
    mutationFn: () => setCallbackUrl(userid, chosen.keyId, url.trim() || null),
    onSuccess: () => {
      toast.success(t('dashboard.cbSaved'));
      setUrl('');
      void queryClient.invalidateQueries({ queryKey: resellerKeysQuery(userid).queryKey });
    },
    onError: (error) =>
      toast.error(
        serverText(errorText((error as { body?: unknown }).body), t('dashboard.cbSaveFailed')),
      ),
  });
  const resend = useMutation({
    mutationFn: (eventId: string) => resendCallback(userid, eventId),
    onSuccess: () => {
      toast.success(t('dashboard.sentAgain'));
      void queryClient.invalidateQueries({ queryKey: callbackLogQuery(userid).queryKey });
    },
    onError: () => toast.error(t('dashboard.resendFailed')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) save.mutate();
  };

  return (
    <section className="card api-keys" aria-labelledby="api-callbacks-heading">
      <h2 id="api-callbacks-heading" className="section-heading">
        {t('dashboard.callbacks')}
      </h2>
      <p className="muted">
        <Trans i18nKey="dashboard.callbacksIntro" components={{ docs: <DocsLink /> }} />
      </p>
      {active.length > 0 && (
        <form className="api-key-form" onSubmit={submit}>
          <div className="field">
            <label className="field-label" htmlFor="api-callback-key">
              {t('dashboard.key')}
            </label>
            <select
              id="api-callback-key"
              className="input"
              value={chosen?.keyId ?? ''}
              onChange={(event) => setKeyId(event.target.value)}
            >
              {active.map((key) => (
                <option key={key.keyId} value={key.keyId}>
                  {key.label} ({key.callbackUrl ?? t('dashboard.noCallbackUrl')})
                </option>
              ))}
            </select>
          </div>
          <TextField
            label={t('dashboard.callbackUrl')}
            value={url}
            onChange={setUrl}
            hint={t('dashboard.callbackHint')}
          />
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {t('dashboard.saveCallback')}
          </button>
        </form>
      )}
      {log.data && log.data.events.length === 0 && (
        <p className="muted">{t('dashboard.noCallbacks')}</p>
      )}
      {log.data && log.data.events.length > 0 && (
        <ul className="api-key-list" aria-label={t('dashboard.deliveries')}>
          {log.data.events.map((event) => (
            <li key={event.eventId} className="api-key">
              <span className="api-key-text">
                <strong>
                  {event.type} · {event.reference}
                </strong>
                <span className="muted">
                  {`${stateWord(event.state)} · ${tries(event.attempts)} · ${lastAnswer(event)}`}
                </span>
                <span className="muted">
                  {formatDateTime(event.createdAt)}
                  {event.nextAttemptAt
                    ? t('dashboard.nextTry', { date: formatDateTime(event.nextAttemptAt) })
                    : ''}
                </span>
              </span>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-label={t('dashboard.resendLabel', {
                  type: event.type,
                  reference: event.reference,
                })}
                disabled={resend.isPending}
                onClick={() => resend.mutate(event.eventId)}
              >
                {t('dashboard.resend')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
