// `npm test`: install, check the services, build, then run every tier of tests.
import fs from 'node:fs';
import { canConnect, ensureBuilt, ensureRuntime, root, runScript, spawn } from './lib.mjs';

await ensureRuntime();
console.log(`Node ${process.version} (${process.execPath})`);

const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const problems = [];
if (!(await canConnect(databaseUrl.replace(/^postgres(ql)?:/, 'tcp:')))) {
  problems.push(
    `PostgreSQL: nothing answers at ${databaseUrl} (start it, or set TEST_DATABASE_URL; .ci/run installs one)`,
  );
}
if (!(await canConnect(redisUrl)))
  problems.push(`Redis: nothing answers at ${redisUrl} (start redis-server, or set REDIS_URL)`);
if (!fs.existsSync(chrome))
  problems.push(`Chromium: ${chrome} is missing (apt-get install chromium, or set CHROME_PATH)`);
if (problems.length) {
  console.error(`Cannot run the tests:\n  - ${problems.join('\n  - ')}`);
  process.exit(1);
}

ensureBuilt({ force: true });

console.log('\n▶ lint and types');
runScript('lint', '--silent');
runScript('typecheck', '--silent');

const jest = (args) =>
  new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['node_modules/jest/bin/jest.js', ...args, ...process.argv.slice(2)],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules`.trim(),
        },
      },
    );
    child.on('exit', (code) => resolve(code ?? 1));
  });

const tiers = [
  ['unit and HTTP e2e', ['--selectProjects', 'unit', 'e2e', '--maxWorkers', '2']],
  ['process, jobs and smoke', ['--selectProjects', 'process', '--runInBand']],
  ['browser', ['--selectProjects', 'browser', '--runInBand']],
];
const failed = [];
for (const [name, args] of tiers) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const code = await jest(args);
  console.log(
    `◀ ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  if (code !== 0) failed.push(name);
}
if (failed.length) {
  console.error(`\nFailed tiers: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nAll test tiers passed.');
