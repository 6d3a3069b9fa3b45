import http from 'node:http';

export interface JsonResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON, or the text when the answer is not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/**
 * A JSON POST sent from a chosen loopback address (127.0.0.x), so rate limits that key on the
 * caller's address see distinct clients without trusting any forwarding header.
 */
export function postFrom(
  baseUrl: string,
  localAddress: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse> {
  const url = new URL(path, baseUrl);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        localAddress,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The `name=value` pairs a response sets, ready for a `Cookie` header. */
export function cookiesFrom(setCookie: string | string[] | undefined): Record<string, string> {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const cookies: Record<string, string> = {};
  for (const line of list) {
    const [pair] = line.split(';');
    const index = pair.indexOf('=');
    cookies[pair.slice(0, index).trim()] = pair.slice(index + 1).trim();
  }
  return cookies;
}

export function cookieHeader(cookies: Record<string, string>) {
  return Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
}

let addresses = 0;

/** A loopback address no earlier call of this process used (127.1.x.y). */
export function nextAddress() {
  addresses += 1;
  return `127.1.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}
