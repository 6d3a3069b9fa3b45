import net from 'node:net';

/**
 * A relay in front of PostgreSQL that ends one connection at an exact point of a transaction,
 * as a fast shutdown does: once a statement containing `marker` has been answered inside a
 * transaction, the connection gets the server's FATAL 57P01 ("terminating connection due to
 * administrator command") while it is idle in that transaction, and is closed (the server
 * rolls the transaction back). With `thenRefuse`, new connections are refused from that moment
 * until `up()`, as while the server is down.
 */
export class PgRelay {
  private armed?: { marker: string; thenRefuse: boolean };
  private refusing = false;
  private readonly sockets = new Set<net.Socket>();
  cuts = 0;

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(upstream: { host: string; port: number }): Promise<PgRelay> {
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    const relay = new PgRelay(server, (server.address() as net.AddressInfo).port);
    server.on('connection', (client) => relay.accept(client, upstream));
    return relay;
  }

  /** Arms one cut: the next transaction that runs a statement containing `marker`. */
  cutInTransactionAfter(marker: string, options: { thenRefuse?: boolean } = {}) {
    this.armed = { marker, thenRefuse: options.thenRefuse ?? false };
  }

  up() {
    this.armed = undefined;
    this.refusing = false;
  }

  async close() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private track(socket: net.Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  private accept(client: net.Socket, upstream: { host: string; port: number }) {
    this.track(client);
    if (this.refusing) {
      client.resetAndDestroy();
      return;
    }
    const server = net.connect(upstream);
    this.track(server);
    let markerSeen = false;
    client.on('data', (chunk: Buffer) => {
      if (this.armed && chunk.toString('latin1').includes(this.armed.marker)) markerSeen = true;
      server.write(chunk);
    });
    let pending = Buffer.alloc(0);
    server.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      // Server messages: a type byte and a length that counts itself.
      let end = 0;
      while (pending.length - end >= 5) {
        const length = pending.readInt32BE(end + 1);
        if (pending.length - end < 1 + length) break;
        const type = String.fromCharCode(pending[end]);
        const status = String.fromCharCode(pending[end + 5]);
        end += 1 + length;
        if (markerSeen && this.armed && type === 'Z' && status === 'T') {
          client.write(pending.subarray(0, end));
          this.cut(client, server);
          return;
        }
      }
      client.write(pending.subarray(0, end));
      pending = pending.subarray(end);
    });
    client.on('close', () => server.destroy());
    server.on('close', () => client.destroy());
  }

  private cut(client: net.Socket, server: net.Socket) {
    this.refusing = this.armed!.thenRefuse;
    this.armed = undefined;
    this.cuts += 1;
    server.destroy();
    client.end(fatal('57P01', 'terminating connection due to administrator command'));
  }
}

/** A PostgreSQL ErrorResponse of severity FATAL. */
function fatal(code: string, message: string) {
  const fields = Buffer.concat([
    Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0`, 'utf8'),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(5);
  head.write('E', 0, 'latin1');
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}
