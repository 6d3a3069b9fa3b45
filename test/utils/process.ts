import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { REDIS_URL } from './env.js';

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

export { waitFor } from './wait.js';
