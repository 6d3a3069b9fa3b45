import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import { deleteRedisPrefix } from '../utils/app.js';
import { createTestDatabase } from '../utils/database.js';
import { REDIS_URL } from '../utils/env.js';
import { freePort, StoreProcess } from '../utils/process.js';

const externalAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

function connects(host: string, port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port });
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false));
  });
}

/** Issue 8 point 5: the sandbox stays on loopback unless HOST says otherwise, and then warns. */
describe('where the built store listens in sandbox mode', () => {
  const prefix = `zl${randomBytes(4).toString('hex')}`;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
    await deleteRedisPrefix(prefix);
  });

  async function start(extra: Record<string, string>) {
    const port = await freePort();
    const store = StoreProcess.start('store', {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      PORT: String(port),
      DATA_DIR: `/tmp/${prefix}`,
      LOG_LEVEL: 'warn',
      ...extra,
    });
    await store.waitForOutput(/listening on/, 60_000);
    return { store, port };
  }

  async function stop(store: StoreProcess) {
    store.signal('SIGTERM');
    await store.waitForExit(30_000);
  }

  it('binds 127.0.0.1 by default, on the project Node, without a warning', async () => {
    const { store, port } = await start({});
    try {
      const line = store.output.find((text) => /listening on/.test(text))!;
      expect(line).toMatch(new RegExp(`listening on http://127\\.0\\.0\\.1:${port} \\(Node v`));
      const major = Number(/\(Node v(\d+)\./.exec(line)![1]);
      expect(major).toBeGreaterThanOrEqual(24);
      expect(await connects('127.0.0.1', port)).toBe(true);
      if (externalAddress) expect(await connects(externalAddress, port)).toBe(false);
      expect(store.output.join('\n')).not.toMatch(/SANDBOX MODE LISTENS/);
    } finally {
      await stop(store);
    }
  });

  it('listens where HOST says, and warns loudly that the sandbox is reachable', async () => {
    const { store, port } = await start({ HOST: '0.0.0.0' });
    try {
      expect(store.output.join('\n')).toMatch(
        new RegExp(`SANDBOX MODE LISTENS ON 0\\.0\\.0\\.0:${port}, BEYOND LOOPBACK`),
      );
      if (externalAddress) expect(await connects(externalAddress, port)).toBe(true);
    } finally {
      await stop(store);
    }
  });
});
