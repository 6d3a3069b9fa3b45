/** Just enough MIME to read what nodemailer writes: headers, multipart, QP and base64 bodies. */
export interface ParsedMail {
  subject: string;
  to: string;
  text: string;
}

function splitHead(raw: string): [Record<string, string>, string] {
  const index = raw.search(/\r?\n\r?\n/);
  const head = index === -1 ? raw : raw.slice(0, index);
  const body = index === -1 ? '' : raw.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
  }
  return [headers, body];
}

function decodeBody(body: string, encoding = '') {
  if (/base64/i.test(encoding)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

const ENCODED_WORD = /=\?utf-8\?([bq])\?([^?]*)\?=/gi;

function wordBytes(kind: string, text: string): Buffer {
  if (kind.toLowerCase() === 'b') return Buffer.from(text, 'base64');
  const latin = text
    .replace(/_/g, ' ')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(latin, 'latin1');
}

/**
 * RFC 2047 encoded words: the space between two adjacent words is not text, and a character may
 * be split across words (a long Hindi subject), so a run of words is decoded as one byte string.
 */
function decodeWords(value: string) {
  return value.replace(/=\?utf-8\?[bq]\?[^?]*\?=(?:\s+=\?utf-8\?[bq]\?[^?]*\?=)*/gi, (run) =>
    Buffer.concat(
      [...run.matchAll(ENCODED_WORD)].map(([, kind, text]) => wordBytes(kind, text)),
    ).toString('utf8'),
  );
}

function textPart(headers: Record<string, string>, body: string): string {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    const parsed = parts.map((part) => splitHead(part.replace(/^\r?\n/, '')));
    const plain =
      parsed.find(([h]) => /text\/plain/i.test(h['content-type'] ?? 'text/plain')) ?? parsed[0];
    return plain ? textPart(plain[0], plain[1]) : '';
  }
  return decodeBody(body, headers['content-transfer-encoding']).trim();
}

export function parseMail(raw: string): ParsedMail {
  const [headers, body] = splitHead(raw);
  return {
    subject: decodeWords(headers.subject ?? ''),
    to: (headers.to ?? '').replace(/.*<([^>]+)>.*/, '$1').trim(),
    text: textPart(headers, body),
  };
}
