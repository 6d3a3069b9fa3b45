import { adminCall } from '@/httpClient';
import { readToken } from '@/session';
import type { CallbackEvent, CreatedResellerKey, ResellerKey } from '@/types';

export interface KeyChanges {
  label?: string;
  allowedIps?: string[];
  callbackUrl?: string | null;
  rateLimit?: number;
}

export interface NewKey {
  label: string;
  mode: 'live' | 'test';
  allowedIps?: string[];
  callbackUrl?: string;
}

const base = (userid: number) => `/resellers/${userid}`;

/** The console's calls on one reseller: keys, the callback log, the statement. */
export const resellerApi = {
  keys: (userid: number) => adminCall<{ keys: ResellerKey[] }>(`${base(userid)}/keys`),
  createKey: (userid: number, key: NewKey) =>
    adminCall<CreatedResellerKey>(`${base(userid)}/keys`, { method: 'POST', body: key }),
  changeKey: (userid: number, keyId: string, changes: KeyChanges) =>
    adminCall<ResellerKey>(`${base(userid)}/keys/${encodeURIComponent(keyId)}`, {
      method: 'PATCH',
      body: changes,
    }),
  revokeKey: (userid: number, keyId: string) =>
    adminCall<ResellerKey>(`${base(userid)}/keys/${encodeURIComponent(keyId)}`, {
      method: 'DELETE',
    }),
  callbacks: (userid: number) =>
    adminCall<{ events: CallbackEvent[] }>(`${base(userid)}/callbacks?limit=100`),
  resend: (userid: number, eventId: string) =>
    adminCall<CallbackEvent>(`${base(userid)}/callbacks/${encodeURIComponent(eventId)}/resend`, {
      method: 'POST',
      body: {},
    }),
};

/** Downloads the statement CSV with the admin's token (a plain link could not carry it). */
export async function downloadStatement(userid: number, mode: 'live' | 'test') {
  const answer = await fetch(`/api/admin/resellers/${userid}/statement?mode=${mode}`, {
    headers: { Authorization: `Bearer ${readToken() ?? ''}` },
  });
  if (!answer.ok) throw new Error(`The statement could not be downloaded (${answer.status}).`);
  const url = URL.createObjectURL(await answer.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `statement-${userid}-${mode}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}
