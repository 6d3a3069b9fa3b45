import type { OutboxMessage } from './outbox.repository.js';

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

export function sandboxPage(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#0f1115;color:#e8e8ea;margin:0;padding:16px;max-width:760px;margin:auto}
h1{font-size:20px}.badge{display:inline-block;background:#f5b301;color:#111;border-radius:6px;padding:2px 8px;font-size:12px;font-weight:600}
form{display:flex;gap:8px;margin:12px 0}input{flex:1;padding:10px;border-radius:8px;border:1px solid #333;background:#1a1d24;color:inherit}
button{padding:10px 16px;border-radius:8px;border:0;background:#7c5cff;color:#fff;font-weight:600;cursor:pointer}
.msg{background:#1a1d24;border:1px solid #2a2e38;border-radius:10px;padding:12px;margin:10px 0;white-space:pre-wrap;word-break:break-word}
.meta{color:#9aa0aa;font-size:12px;margin-bottom:6px}a{color:#9f8bff}
.msg.whatsapp{border-color:#1f7a4d;background:#12261c}form.reply{margin:10px 0 0}form.reply button{background:#25d366;color:#0b1f14}
</style></head><body><span class="badge">SANDBOX</span>${body}</body></html>`;
}

/** The customer's side of WhatsApp: reply STOP to the store's number. */
function replyStop(waId: string, pageTo: string) {
  return `<form method="post" action="/sandbox/whatsapp/reply" class="reply"><input type="hidden" name="from" value="${escapeHtml(waId)}"><input type="hidden" name="text" value="STOP"><input type="hidden" name="back" value="${escapeHtml(pageTo)}"><button type="submit">Reply STOP</button></form>`;
}

export function renderOutboxPage(to: string, messages: OutboxMessage[]) {
  const list = messages.length
    ? messages
        .map(
          (m) =>
            `<div class="msg${m.channel === 'whatsapp' ? ' whatsapp' : ''}"><div class="meta">${m.channel.toUpperCase()} to ${escapeHtml(m.to)}${m.language ? ` · <span class="lang">${escapeHtml(m.language)}</span>` : ''} · ${escapeHtml(
              new Date(m.createdAt).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' }),
            )}</div>${m.subject ? `<strong>${escapeHtml(m.subject)}</strong>\n` : ''}${linkify(m.text)}${
              m.channel === 'whatsapp' ? replyStop(m.to, to) : ''
            }</div>`,
        )
        .join('')
    : `<p>${to ? 'Nothing sent to this address yet.' : 'Enter a mobile number, an e-mail address or a callback inbox.'}</p>`;
  return sandboxPage(
    'Sandbox outbox',
    `<h1>Outbox</h1><p>SMS, e-mails, WhatsApp messages and reseller callbacks the store sent while running with sandbox providers.</p>
<form method="get"><input name="to" value="${escapeHtml(to)}" placeholder="9000000001 or user@example.com" aria-label="Recipient"><button>Show</button></form>${list}`,
  );
}
