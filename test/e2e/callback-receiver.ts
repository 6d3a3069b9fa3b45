import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCallback {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  answered: number;
}

/**
 * A reseller's callback receiver on the test's machine: it records every request and answers
 * with the status `answer` decides (200 unless told), so a test can fail an attempt exactly.
 */
export async function startReceiver() {
  const received: ReceivedCallback[] = [];
  let connections = 0;
  const plan = new Map<string, number[]>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const answered = plan.get(path)?.shift() ?? 200;
      received.push({
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        answered,
      });
      response.writeHead(answered, { 'content-type': 'text/plain' });
      response.end(answered >= 300 ? 'receiver is down' : 'ok');
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    connections: () => connections,
    /** The next answers to `path`, in order; 200 after them. */
    answer(path: string, ...statuses: number[]) {
      plan.set(path, statuses);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
