import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A gateway in front of the UPI simulator (the store's UPIGATEWAY_BASE_URL points at it): it
 * counts every `check_order_status` call per `client_txn_id`, and answers it with HTTP 503
 * while `failures` is above zero, so the payment job meets transient errors.
 */
export function gatewayProxy() {
  const state = {
    target: '',
    failures: 0,
    checks: new Map<string, number>(),
    total: 0,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url?.endsWith('/check_order_status')) {
        const id = String(
          (JSON.parse(Buffer.concat(chunks).toString() || '{}') as { client_txn_id?: string })
            .client_txn_id,
        );
        state.checks.set(id, (state.checks.get(id) ?? 0) + 1);
        state.total += 1;
        if (state.failures > 0) {
          state.failures -= 1;
          res
            .writeHead(503, { 'content-type': 'application/json' })
            .end('{"status":false,"msg":"Service Unavailable"}');
          return;
        }
      }
      fetch(`${state.target}${req.url}`, {
        method: req.method,
        headers: { 'content-type': 'application/json', host: req.headers.host ?? '' },
        body: Buffer.concat(chunks),
      })
        .then(async (answer) =>
          res
            .writeHead(answer.status, { 'content-type': 'application/json' })
            .end(await answer.text()),
        )
        .catch(() => res.writeHead(502).end());
    });
  });
  return {
    state,
    checksOf: (id: string) => state.checks.get(id) ?? 0,
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
