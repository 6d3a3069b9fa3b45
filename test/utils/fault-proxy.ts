import net from 'node:net';

/**
 * What the proxy does with a connection:
 * - `pass`: forwards both ways;
 * - `delay`: waits `delayMs`, then forwards;
 * - `blackhole`: takes the request and never forwards or answers it;
 * - `reset-after-response`: forwards the request, reads the upstream's whole answer (until it
 *   closes the connection), then resets the client's connection instead of relaying it.
 */
export type FaultMode = 'pass' | 'delay' | 'blackhole' | 'reset-after-response';

export interface FaultRule {
  mode: FaultMode;
  delayMs?: number;
  /** Only connections whose request line contains this text get `mode`; the others pass. */
  path?: string;
}

/** One client connection as the proxy saw it. */
export interface ProxiedConnection {
  requestLine: string;
  /** The request bytes received from the client (headers and body), as text. */
  request: string;
  mode: FaultMode;
  openedAt: number;
  closedAt?: number;
}

/** A TCP proxy in front of one local port, with a fault mode chosen per connection. */
export class FaultProxy {
  readonly connections: ProxiedConnection[] = [];
  private rule: FaultRule = { mode: 'pass' };
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(upstreamPort: number): Promise<FaultProxy> {
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    const proxy = new FaultProxy(server, (server.address() as net.AddressInfo).port);
    server.on('connection', (client) => proxy.accept(client, upstreamPort));
    return proxy;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Applies to connections opened from now on. */
  set(rule: FaultRule) {
    this.rule = rule;
  }

  /** Connections whose request line contains `path` (every one when unset). */
  seen(path?: string) {
    return this.connections.filter((c) => !path || c.requestLine.includes(path));
  }

  /** Connections still open whose request line contains `path`. */
  open(path?: string) {
    return this.seen(path).filter((c) => c.closedAt === undefined);
  }

  async close() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  private accept(client: net.Socket, upstreamPort: number) {
    this.track(client);
    let head = '';
    const readRequestLine = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n')) return;
      client.off('data', readRequestLine);
      client.pause();
      const requestLine = head.slice(0, head.indexOf('\r\n'));
      const rule = this.rule;
      const mode = !rule.path || requestLine.includes(rule.path) ? rule.mode : 'pass';
      const seen: ProxiedConnection = { requestLine, request: head, mode, openedAt: Date.now() };
      this.connections.push(seen);
      client.once('close', () => (seen.closedAt = Date.now()));
      client.on('data', (more: Buffer) => (seen.request += more.toString('latin1')));
      const first = Buffer.from(head, 'latin1');
      if (mode === 'blackhole') {
        client.resume();
      } else if (mode === 'delay') {
        setTimeout(() => {
          if (!client.destroyed) this.forward(client, first, upstreamPort, false);
        }, rule.delayMs ?? 0);
      } else {
        this.forward(client, first, upstreamPort, mode === 'reset-after-response');
      }
    };
    client.on('data', readRequestLine);
  }

  private forward(client: net.Socket, first: Buffer, upstreamPort: number, resetAfter: boolean) {
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    this.track(upstream);
    upstream.write(first);
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
    client.once('close', () => upstream.destroy());
    client.resume();
    if (resetAfter) {
      // The answer is read and dropped: the client sees its connection reset, never the answer.
      const reset = () => {
        if (!client.destroyed) client.resetAndDestroy();
      };
      upstream.resume();
      upstream.once('end', reset);
      upstream.once('close', reset);
      return;
    }
    upstream.pipe(client);
    upstream.once('close', () => client.end());
  }
}
