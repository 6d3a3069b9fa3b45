import request from 'supertest';

interface OutboxMessage {
  channel: 'sms' | 'email' | 'whatsapp';
  to: string;
  subject: string | null;
  text: string;
}

/** Waits for a message to `to` that `match` accepts, reading the sandbox outbox over HTTP. */
export async function waitForMessage(
  baseUrl: string,
  to: string,
  match: (message: OutboxMessage) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await request(baseUrl).get('/api/sandbox/outbox').query({ to });
    const found = (response.body as OutboxMessage[]).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No message to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function latestOtp(baseUrl: string, mobile: string, after?: string) {
  const message = await waitForMessage(
    baseUrl,
    mobile,
    (m) => m.channel === 'sms' && (!after || !m.text.endsWith(after)),
  );
  return /(\d{4})/.exec(message.text)![1];
}

export function linkIn(text: string) {
  const link = /https?:\/\/\S+/.exec(text)?.[0];
  if (!link) throw new Error(`No link in: ${text}`);
  return new URL(link);
}
