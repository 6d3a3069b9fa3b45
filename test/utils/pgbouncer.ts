import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { TEST_DATABASE_URL } from './env.js';
import { freePort, waitFor } from './process.js';

export const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';

/**
 * A PgBouncer of the test's own, in transaction mode, on a free port, in front of the test
 * PostgreSQL (any database name is passed through). Production's shape: see docs/runbook.md.
 */
export async function startPgBouncer() {
  const target = new URL(TEST_DATABASE_URL);
  const port = await freePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'zstore-pgbouncer-'));
  const config = path.join(dir, 'pgbouncer.ini');
  const users = path.join(dir, 'users.txt');
  await writeFile(users, `"${target.username}" ""\n`);
  await writeFile(
    config,
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${users}`,
      'pool_mode = transaction',
      'max_client_conn = 200',
      'default_pool_size = 10',
      '',
    ].join('\n'),
  );
  // PgBouncer refuses to run as root; it reads its files as the user it switches to.
  await chmod(dir, 0o755);
  const asUser = process.getuid?.() === 0 ? ['-u', 'postgres'] : [];
  const child = spawn(PGBOUNCER, [...asUser, config], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  await waitFor(
    () => {
      if (child.exitCode !== null) throw new Error(`pgbouncer exited: ${output.join('')}`);
      return output.join('').includes('process up');
    },
    10_000,
    'pgbouncer to start',
  );
  return {
    output,
    url(database: string) {
      const url = new URL(TEST_DATABASE_URL);
      url.port = String(port);
      url.pathname = `/${database}`;
      return url.toString();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
