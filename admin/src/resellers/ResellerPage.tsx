import {
  Alert,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, Title, useBasename, useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { formatDateTime } from '@zstore/contract/display-dates';
import { EmptyText, ErrorText, LoadingText } from '@/common/ListStates';
import { useAdminDataProvider } from '@/dataProvider';
import { downloadStatement, type KeyChanges, type NewKey } from '@/resellers/resellerApi';
import type { CallbackEvent, CreatedResellerKey, ResellerKey } from '@/types';

const splitIps = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

const useFailure = () => {
  const notify = useNotify();
  return (error: Error) =>
    notify(error.message, { type: 'error', messageArgs: { _: error.message } });
};

interface KeyForm {
  label: string;
  mode: 'live' | 'test';
  allowedIps: string[];
  callbackUrl: string | null;
  rateLimit: number;
}

/** The form of a new key, or of a key's changes (label, addresses, callback URL, rate limit). */
const KeyDialog = ({
  title,
  initial,
  creating,
  onClose,
  onSave,
}: {
  title: string;
  initial?: ResellerKey;
  creating: boolean;
  onClose: () => void;
  onSave: (key: KeyForm) => void;
}) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.resellers.${key}`);
  const [label, setLabel] = useState(initial?.label ?? '');
  const [mode, setMode] = useState<'live' | 'test'>('live');
  const [ips, setIps] = useState(initial?.allowedIps.join(', ') ?? '');
  const [url, setUrl] = useState(initial?.callbackUrl ?? '');
  const [rate, setRate] = useState(String(initial?.rateLimit ?? 600));
  const save = () =>
    onSave({
      label,
      mode,
      allowedIps: splitIps(ips),
      callbackUrl: url || null,
      rateLimit: Number(rate),
    });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField label={t('label')} value={label} onChange={(e) => setLabel(e.target.value)} />
          {creating && (
            <TextField
              select
              label={t('mode')}
              value={mode}
              onChange={(e) => setMode(e.target.value as 'live' | 'test')}
            >
              <MenuItem value="live">live</MenuItem>
              <MenuItem value="test">test</MenuItem>
            </TextField>
          )}
          <TextField
            label={t('allowed_ips')}
            helperText={t('allowed_ips_help')}
            value={ips}
            onChange={(e) => setIps(e.target.value)}
          />
          <TextField
            label={t('callback_url')}
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
          {!creating && (
            <TextField
              label={t('rate_limit')}
              type="number"
              value={rate}
              onChange={(e) => setRate(e.target.value)}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={!label.trim()}>
          {creating ? t('create') : t('save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

/** The secret of a key just created: shown once, with a copy button and a warning. */
const SecretDialog = ({
  created,
  onClose,
}: {
  created: CreatedResellerKey;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(created.secret).catch(() => undefined);
    setCopied(true);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('app.resellers.secret_title', { label: created.label })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('app.resellers.secret_warning')}
        </Alert>
        <Typography variant="body2">{created.keyId}</Typography>
        <Typography
          data-testid="key-secret"
          sx={{
            fontFamily: 'monospace',
            wordBreak: 'break-all',
            my: 1,
            p: 1,
            bgcolor: 'action.hover',
          }}
        >
          {created.secret}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void copy()}>
          {translate(copied ? 'app.resellers.copied' : 'app.resellers.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate('app.resellers.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

const KeysCard = ({ userid }: { userid: number }) => {
  const translate = useTranslate();
  const t = (key: string, args?: object) => translate(`app.resellers.${key}`, args);
  const api = useAdminDataProvider();
  const client = useQueryClient();
  const notify = useNotify();
  const failed = useFailure();
  const queryKey = ['reseller-keys', userid];
  const keys = useQuery({ queryKey, queryFn: () => api.keys(userid) });
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ResellerKey>();
  const [revoking, setRevoking] = useState<ResellerKey>();
  const [created, setCreated] = useState<CreatedResellerKey>();
  const refresh = () => client.invalidateQueries({ queryKey });
  const create = useMutation({
    mutationFn: (key: NewKey) => api.createKey(userid, key),
    onSuccess: ({ data }) => {
      setCreating(false);
      setCreated(data);
      void refresh();
    },
    onError: failed,
  });
  const change = useMutation({
    mutationFn: ({ keyId, changes }: { keyId: string; changes: KeyChanges }) =>
      api.changeKey(userid, keyId, changes),
    onSuccess: () => {
      setEditing(undefined);
      notify('app.resellers.saved', { type: 'success' });
      void refresh();
    },
    onError: failed,
  });
  const revoke = useMutation({
    mutationFn: (keyId: string) => api.revokeKey(userid, keyId),
    onSuccess: () => {
      setRevoking(undefined);
      notify('app.resellers.revoked_notice', { type: 'success' });
      void refresh();
    },
    onError: failed,
  });
  const rows = keys.data?.data.keys;
  return (
    <Card>
      <CardContent>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}
        >
          <Typography variant="h6">{t('keys')}</Typography>
          <Button variant="contained" onClick={() => setCreating(true)}>
            {t('new_key')}
          </Button>
        </Stack>
        {keys.isPending && <LoadingText />}
        {keys.error && <ErrorText message={keys.error.message} />}
        {rows?.length === 0 && <EmptyText message="app.resellers.no_keys" />}
        {rows && rows.length > 0 && (
          <Table size="small" sx={{ overflowX: 'auto', display: 'block' }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('label')}</TableCell>
                <TableCell>{t('key_id')}</TableCell>
                <TableCell>{t('allowed_ips')}</TableCell>
                <TableCell>{t('callback_url')}</TableCell>
                <TableCell>{t('rate_limit')}</TableCell>
                <TableCell>{t('status')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((key) => (
                <TableRow key={key.keyId}>
                  <TableCell>
                    {key.label} <Chip size="small" label={key.mode} />
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>{key.keyId}</TableCell>
                  <TableCell>{key.allowedIps.join(', ') || '—'}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{key.callbackUrl ?? '—'}</TableCell>
                  <TableCell>{key.rateLimit}</TableCell>
                  <TableCell>
                    {key.revokedAt
                      ? t('revoked', { date: formatDateTime(key.revokedAt) })
                      : t('active')}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {!key.revokedAt && (
                      <>
                        <Button size="small" onClick={() => setEditing(key)}>
                          {t('edit')}
                        </Button>
                        <Button size="small" color="error" onClick={() => setRevoking(key)}>
                          {t('revoke')}
                        </Button>
                      </>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {creating && (
        <KeyDialog
          title={t('new_key')}
          creating
          onClose={() => setCreating(false)}
          onSave={({ label, mode, allowedIps, callbackUrl }) =>
            create.mutate({ label, mode, allowedIps, ...(callbackUrl ? { callbackUrl } : {}) })
          }
        />
      )}
      {editing && (
        <KeyDialog
          title={`${t('edit')}: ${editing.label}`}
          initial={editing}
          creating={false}
          onClose={() => setEditing(undefined)}
          onSave={({ label, allowedIps, callbackUrl, rateLimit }) =>
            change.mutate({
              keyId: editing.keyId,
              changes: { label, allowedIps, callbackUrl, rateLimit },
            })
          }
        />
      )}
      {created && <SecretDialog created={created} onClose={() => setCreated(undefined)} />}
      <Confirm
        isOpen={Boolean(revoking)}
        title={t('revoke_title', { label: revoking?.label ?? '' })}
        content={t('revoke_content')}
        confirm="app.resellers.revoke"
        onConfirm={() => revoking && revoke.mutate(revoking.keyId)}
        onClose={() => setRevoking(undefined)}
      />
    </Card>
  );
};

const lastAnswer = (event: CallbackEvent, noAnswer: string) => {
  const last = event.log.at(-1);
  if (!last) return '—';
  const status = last.statusCode ?? noAnswer;
  return `${status} · ${last.latencyMs} ms${last.error ? ` · ${last.error}` : ''}`;
};

const DeliveryLog = ({ userid }: { userid: number }) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.resellers.${key}`);
  const api = useAdminDataProvider();
  const client = useQueryClient();
  const notify = useNotify();
  const failed = useFailure();
  const queryKey = ['reseller-callbacks', userid];
  const log = useQuery({ queryKey, queryFn: () => api.callbacks(userid) });
  const resend = useMutation({
    mutationFn: (eventId: string) => api.resend(userid, eventId),
    onSuccess: () => {
      notify('app.resellers.resent', { type: 'success' });
      void client.invalidateQueries({ queryKey });
    },
    onError: failed,
  });
  const events = log.data?.data.events;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" sx={{ mb: 1 }}>
          {t('log')}
        </Typography>
        {log.isPending && <LoadingText />}
        {log.error && <ErrorText message={log.error.message} />}
        {events?.length === 0 && <EmptyText message="app.resellers.no_events" />}
        {events && events.length > 0 && (
          <Table size="small" sx={{ overflowX: 'auto', display: 'block' }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('event')}</TableCell>
                <TableCell>{t('reference')}</TableCell>
                <TableCell>{t('state')}</TableCell>
                <TableCell>{t('attempts')}</TableCell>
                <TableCell>{t('last_answer')}</TableCell>
                <TableCell>{t('next_try')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {events.map((event) => (
                <TableRow key={event.eventId}>
                  <TableCell>
                    {event.type}
                    <Typography variant="caption" component="div" color="text.secondary">
                      {formatDateTime(event.createdAt)}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    {event.reference}
                    <Typography variant="caption" component="div" color="text.secondary">
                      {event.orderid}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={
                        event.state === 'delivered'
                          ? 'success'
                          : event.state === 'given_up'
                            ? 'error'
                            : 'warning'
                      }
                      label={t(`states.${event.state}`)}
                    />
                  </TableCell>
                  <TableCell>{event.attempts}</TableCell>
                  <TableCell sx={{ maxWidth: 260, wordBreak: 'break-word' }}>
                    {lastAnswer(event, t('no_answer'))}
                  </TableCell>
                  <TableCell>
                    {event.nextAttemptAt ? formatDateTime(event.nextAttemptAt) : '—'}
                  </TableCell>
                  <TableCell>
                    <Button size="small" onClick={() => resend.mutate(event.eventId)}>
                      {t('resend')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
};

/** `/admin/resellers/:userid`: a reseller's API keys, callback log, orders and statement. */
const ResellerPage = () => {
  const translate = useTranslate();
  const basename = useBasename();
  const failed = useFailure();
  const userid = Number(useParams().userid);
  const ordersLink = `${basename}/txn?filter=${encodeURIComponent(JSON.stringify({ reseller: userid }))}`;
  return (
    <Stack spacing={2} sx={{ my: 2 }}>
      <Title title={translate('app.resellers.title', { userid })} />
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" component={Link} to={ordersLink}>
          {translate('app.resellers.orders')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => void downloadStatement(userid, 'live').catch(failed)}
        >
          {translate('app.resellers.statement_live')}
        </Button>
        <Button
          variant="outlined"
          onClick={() => void downloadStatement(userid, 'test').catch(failed)}
        >
          {translate('app.resellers.statement_test')}
        </Button>
      </Stack>
      <KeysCard userid={userid} />
      <DeliveryLog userid={userid} />
    </Stack>
  );
};

export default ResellerPage;
