import net from 'node:net';

/**
 * A TCP relay in front of a service (Redis, PostgreSQL) that a test can take down:
 * `refuse` cuts every connection and refuses new ones, `blackhole` cuts them and then accepts
 * connections that never answer, `up` relays again.
 */
export class TcpSwitch {
  private mode: 'up' | 'refuse' | 'blackhole' = 'up';
  private readonly sockets = new Set<net.Socket>();
  private readonly unanswered = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(upstream: { host: string; port: number }): Promise<TcpSwitch> {
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    const relay = new TcpSwitch(server, (server.address() as net.AddressInfo).port);
    server.on('connection', (client) => relay.accept(client, upstream));
    return relay;
  }

  set(mode: 'up' | 'refuse' | 'blackhole') {
    this.mode = mode;
    // Coming back up, the connections that were swallowed are reset, as a real outage's are.
    const cut = mode === 'up' ? this.unanswered : this.sockets;
    for (const socket of cut) socket.destroy();
  }

  async close() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('close', () => {
      this.sockets.delete(socket);
      this.unanswered.delete(socket);
    });
    socket.on('error', () => socket.destroy());
  }

  private accept(client: net.Socket, upstream: { host: string; port: number }) {
    this.track(client);
    if (this.mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    if (this.mode === 'blackhole') {
      this.unanswered.add(client);
      return;
    }
    const server = net.connect(upstream);
    this.track(server);
    client.pipe(server);
    server.pipe(client);
    client.on('close', () => server.destroy());
    server.on('close', () => client.destroy());
  }
}
