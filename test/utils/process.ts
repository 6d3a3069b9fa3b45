import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { loadConfig } from '../../server/src/config/config.js';
import { TokenService } from '../../server/src/modules/auth/token.service.js';
import { deleteRedisPrefix } from './app.js';
import { createTestDatabase, query } from './database.js';
import { REDIS_URL } from './env.js';
import { storeClients } from './store-clients.js';

const root = path.resolve(
  import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname),
  '../..',
);
const main = path.join(root, 'server/dist/main.js');

/**
 * The environment of a store process on a test's own database and Redis prefix, quiet, with
 * sweeps only when a test asks for them; `extra` adds to it or overrides it.
 */
export function processEnv(
  databaseUrl: string,
  prefix: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    DATA_DIR: `/tmp/${prefix}`,
    SWEEP_INTERVAL_MS: '60000',
    ...extra,
  };
}

/** Debian's libfaketime (package faketime), for this machine's architecture. */
const LIBFAKETIME =
  process.env.LIBFAKETIME ??
  [`/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/faketime`]
    .map((dir) => path.join(dir, 'libfaketime.so.1'))
    .find((file) => existsSync(file));

/** The environment that moves the wall clock of one process only; its timers keep their pace. */
export function skewedClock(offset: string) {
  if (!LIBFAKETIME) throw new Error('libfaketime is missing: apt-get install faketime');
  return { LD_PRELOAD: LIBFAKETIME, FAKETIME: offset, FAKETIME_DONT_FAKE_MONOTONIC: '1' };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A built store process (`node server/dist/main.js`) with its output kept for assertions. */
export class StoreProcess {
  readonly output: string[] = [];
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(
    readonly name: string,
    private readonly child: ChildProcess,
  ) {
    const collect = (chunk: Buffer) =>
      this.output.push(...chunk.toString().split('\n').filter(Boolean));
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
  }

  static start(name: string, env: Record<string, string>) {
    const child = spawn(process.execPath, [main], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new StoreProcess(name, child);
  }

  get pid() {
    return this.child.pid!;
  }

  async waitForOutput(pattern: RegExp, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    while (!this.output.some((line) => pattern.test(line))) {
      if (this.child.exitCode !== null) {
        throw new Error(`${this.name} exited early:\n${this.output.join('\n')}`);
      }
      if (Date.now() > deadline) {
        throw new Error(
          `${this.name} did not print ${pattern} in time:\n${this.output.join('\n')}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  signal(signal: NodeJS.Signals) {
    this.child.kill(signal);
  }

  waitForExit(timeoutMs = 30_000) {
    return Promise.race([
      this.exited,
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`${this.name} did not exit in time:\n${this.output.join('\n')}`)),
          timeoutMs,
        ).unref(),
      ),
    ]);
  }

  async stop() {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGKILL');
    await this.exited;
  }
}

/** A started API process and the address it listens on. */
export interface StartedApi {
  api: StoreProcess;
  port: number;
  url: string;
}

/**
 * The store processes of one test, on a database and Redis prefix of its own: `startApi` and
 * `startWorker` start one with the test's environment (and what the call adds) and wait until it
 * is ready; `close` stops them all and drops the database and the prefix.
 */
export class StoreProcesses {
  readonly processes: StoreProcess[] = [];

  private constructor(
    readonly db: Awaited<ReturnType<typeof createTestDatabase>>,
    readonly prefix: string,
    readonly env: Record<string, string>,
  ) {}

  /** `extra` adds to the environment of every process; `route` gives them another way to the database. */
  static async start(
    extra: Record<string, string> = {},
    route: (database: { url: string; name: string }) => string = (database) => database.url,
  ) {
    const db = await createTestDatabase();
    const prefix = `zp${randomBytes(4).toString('hex')}`;
    return new StoreProcesses(db, prefix, processEnv(route(db), prefix, extra));
  }

  /** A query on the test's database, straight (not through any route given to the processes). */
  sql = <T>(text: string, params: unknown[] = []) => query<T>(this.db.url, text, params);

  /** Shoppers, credits and orders from outside, with tokens the processes accept. */
  clients() {
    return storeClients(this.db.url, new TokenService(loadConfig(this.env)));
  }

  async startApi(name = 'api', extra: Record<string, string> = {}, port?: number) {
    const listenOn = port ?? (await freePort());
    const api = this.add(
      StoreProcess.start(name, { ...this.env, APP_ROLE: 'api', PORT: String(listenOn), ...extra }),
    );
    await api.waitForOutput(/listening on/);
    return { api, port: listenOn, url: `http://127.0.0.1:${listenOn}` } satisfies StartedApi;
  }

  async startWorker(name = 'worker', extra: Record<string, string> = {}) {
    const worker = this.add(
      StoreProcess.start(name, { ...this.env, APP_ROLE: 'worker', ...extra }),
    );
    await worker.waitForOutput(/worker running/);
    return worker;
  }

  /** Keeps a process started elsewhere, so `close` stops it too. */
  add(process: StoreProcess) {
    this.processes.push(process);
    return process;
  }

  async close() {
    await Promise.all(this.processes.map((p) => p.stop()));
    await this.db.drop();
    await deleteRedisPrefix(this.prefix);
  }
}

export { waitFor } from './wait.js';
