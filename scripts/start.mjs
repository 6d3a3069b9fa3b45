// `npm start`: install, build what is stale, make sure Redis answers, then run the store.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { canConnect, ensureBuilt, ensureRuntime, onPath, root, spawn } from './lib.mjs';

await ensureRuntime();
ensureBuilt();

const env = { ...process.env };
env.DATA_DIR ??= path.join(root, '.data');
env.REDIS_URL ??= 'redis://127.0.0.1:6379';
const children = [];

if (!(await canConnect(env.REDIS_URL))) {
  if (!onPath('redis-server')) {
    console.error(
      `Redis is needed for the job queue and nothing answers at ${env.REDIS_URL}. ` +
        'Install and start Redis (Debian: apt-get install redis-server), or set REDIS_URL.',
    );
    process.exit(1);
  }
  const { port } = new URL(env.REDIS_URL);
  const dir = path.join(env.DATA_DIR, 'redis');
  fs.mkdirSync(dir, { recursive: true });
  console.log(`Starting a private Redis on port ${port || 6379} (data in ${dir})`);
  const redis = spawn(
    'redis-server',
    [
      '--port',
      port || '6379',
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--save',
      '',
      '--maxmemory-policy',
      'noeviction',
    ],
    { stdio: 'ignore' },
  );
  children.push(redis);
  for (let i = 0; i < 50 && !(await canConnect(env.REDIS_URL)); i++) await sleep(100);
}

if (!env.DATABASE_URL)
  console.log(
    `No DATABASE_URL: using the embedded PostgreSQL in ${path.join(env.DATA_DIR, 'pglite')}`,
  );
if ((env.NODE_ENV ?? 'development') !== 'production') {
  console.log(
    'Demo accounts: admin@example.com / Admin@12345 (admin), user@example.com / User@12345, ' +
      'reseller@example.com / Reseller@12345. SMS and e-mails: http://localhost:' +
      (env.PORT ?? 3000) +
      '/sandbox/outbox',
  );
}

const server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
  stdio: 'inherit',
  env,
});
children.push(server);
const stop = (signal) => server.kill(signal);
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code) => {
  for (const child of children) if (child !== server) child.kill('SIGTERM');
  process.exit(code ?? 0);
});
