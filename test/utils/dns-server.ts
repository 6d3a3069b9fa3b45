import dgram from 'node:dgram';

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, for `RESELLER_CALLBACK_DNS_SERVERS`. */
  address: string;
  /** Names asked, in order. */
  asked: string[];
  close(): Promise<void>;
}

/**
 * A DNS server for tests (UDP, A records only): answers each name in `records` with its IPv4
 * address and anything else with NXDOMAIN, so a test decides what a callback host resolves to.
 */
export async function startTestDns(records: Record<string, string>): Promise<TestDnsServer> {
  const socket = dgram.createSocket('udp4');
  const asked: string[] = [];
  socket.on('message', (query, peer) => {
    let offset = 12;
    const labels: string[] = [];
    while (query[offset] !== 0) {
      const length = query[offset];
      labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
      offset += length + 1;
    }
    const questionEnd = offset + 5;
    const name = labels.join('.').toLowerCase();
    const type = query.readUInt16BE(offset + 1);
    asked.push(name);
    const address = type === 1 ? records[name] : undefined;
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    const known = name in records;
    header.writeUInt16BE(0x8180 | (known ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(address ? 1 : 0, 6);
    const question = query.subarray(12, questionEnd);
    const answer = address
      ? Buffer.concat([
          Buffer.from([0xc0, 0x0c, 0, 1, 0, 1, 0, 0, 0, 30, 0, 4]),
          Buffer.from(address.split('.').map(Number)),
        ])
      : Buffer.alloc(0);
    socket.send(Buffer.concat([header, question, answer]), peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
