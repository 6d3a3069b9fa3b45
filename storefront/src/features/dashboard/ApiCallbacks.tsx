import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { formatDateTime } from '@zstore/contract/display-dates';
import { errorText } from '@/api/client';
import {
  callbackLogQuery,
  resendCallback,
  setCallbackUrl,
  type CallbackEvent,
} from '@/api/resellerCallbacks';
import { resellerKeysQuery } from '@/api/resellerKeys';
import { TextField } from '@/components/TextField';

const STATES: Record<string, string> = {
  pending: 'Waiting',
  delivered: 'Delivered',
  given_up: 'Given up',
};

const tries = (count: number) => `${count} ${count === 1 ? 'try' : 'tries'}`;

function lastAnswer(event: CallbackEvent) {
  const last = event.log.at(-1);
  if (!last) return 'Not sent yet';
  const status = last.statusCode === null ? (last.error ?? 'No answer') : `HTTP ${last.statusCode}`;
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
  const chosen = active.find((key) => key.keyId === keyId) ?? active[0];

  const save = useMutation({
    mutationFn: () => setCallbackUrl(userid, chosen.keyId, url.trim() || null),
    onSuccess: () => {
      toast.success('Callback URL saved.');
      setUrl('');
      void queryClient.invalidateQueries({ queryKey: resellerKeysQuery(userid).queryKey });
    },
    onError: (error) =>
      toast.error(errorText((error as { body?: unknown }).body) ?? 'We could not save the URL.'),
  });
  const resend = useMutation({
    mutationFn: (eventId: string) => resendCallback(userid, eventId),
    onSuccess: () => {
      toast.success('Sent again.');
      void queryClient.invalidateQueries({ queryKey: callbackLogQuery(userid).queryKey });
    },
    onError: () => toast.error('We could not send it again. Please try again.'),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) save.mutate();
  };

  return (
    <section className="card api-keys" aria-labelledby="api-callbacks-heading">
      <h2 id="api-callbacks-heading" className="section-heading">
        Callbacks
      </h2>
      <p className="muted">
        We POST a signed event to a key&apos;s callback URL each time one of its orders changes
        status. See <a href="/docs/reseller-api">how to verify them</a>.
      </p>
      {active.length > 0 && (
        <form className="api-key-form" onSubmit={submit}>
          <div className="field">
            <label className="field-label" htmlFor="api-callback-key">
              Key
            </label>
            <select
              id="api-callback-key"
              className="input"
              value={chosen?.keyId ?? ''}
              onChange={(event) => setKeyId(event.target.value)}
            >
              {active.map((key) => (
                <option key={key.keyId} value={key.keyId}>
                  {key.label} ({key.callbackUrl ?? 'no callback URL'})
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Callback URL"
            value={url}
            onChange={setUrl}
            hint="https://… — leave empty to stop callbacks for this key."
          />
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            Save callback URL
          </button>
        </form>
      )}
      {log.data && log.data.events.length === 0 && <p className="muted">No callbacks sent yet.</p>}
      {log.data && log.data.events.length > 0 && (
        <ul className="api-key-list" aria-label="Callback deliveries">
          {log.data.events.map((event) => (
            <li key={event.eventId} className="api-key">
              <span className="api-key-text">
                <strong>
                  {event.type} · {event.reference}
                </strong>
                <span className="muted">
                  {`${STATES[event.state] ?? event.state} · ${tries(event.attempts)} · ${lastAnswer(event)}`}
                </span>
                <span className="muted">
                  {formatDateTime(event.createdAt)}
                  {event.nextAttemptAt ? ` · next try ${formatDateTime(event.nextAttemptAt)}` : ''}
                </span>
              </span>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-label={`Re-send ${event.type} of ${event.reference}`}
                disabled={resend.isPending}
                onClick={() => resend.mutate(event.eventId)}
              >
                Re-send
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
