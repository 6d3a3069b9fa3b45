import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(
      `\n✖ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`,
    );
    process.exit(result.status ?? 1);
  }
}

function newestMtime(paths) {
  let newest = 0;
  const visit = (entry) => {
    if (!fs.existsSync(entry)) return;
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(entry))
        if (child !== 'node_modules' && child !== 'dist') visit(path.join(entry, child));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

const packageJson = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
/** The oldest Node the project runs on (package.json `engines`), e.g. [24, 9]. */
const minimumNode = /(\d+)(?:\.(\d+))?/
  .exec(packageJson.engines.node)
  .slice(1)
  .map((part) => Number(part ?? 0));
const projectNode = path.join(root, 'node_modules/.bin/node');

function isSupported(version) {
  const [major, minor] = version.split('.').map(Number);
  return major > minimumNode[0] || (major === minimumNode[0] && minor >= minimumNode[1]);
}

/** npm (and every script it starts) on the given Node binary's directory first on the PATH. */
function npmOn(nodeDir, args) {
  run('npm', args, {
    env: { ...process.env, PATH: `${nodeDir}${path.delimiter}${process.env.PATH}` },
  });
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export function ensureDependencies() {
  const installed = path.join(root, 'node_modules/.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (fs.existsSync(installed) && fs.statSync(installed).mtimeMs >= fs.statSync(lock).mtimeMs)
    return;
  // `npm install` rather than `npm ci`: it keeps the locked versions and adds the platform
  // builds of optional native packages that npm leaves out of a lock file made elsewhere.
  // npm runs on the project's Node, so engine checks and install scripts see the Node we run on.
  // npm's own progress (the packages it fetches) shows on a terminal; at least one line a step.
  const args = [
    'install',
    '--no-audit',
    '--no-fund',
    ...(process.stdout.isTTY ? ['--progress'] : []),
  ];
  console.log('Installing dependencies (a few minutes on a fresh clone)...');
  if (isSupported(process.versions.node)) return npmOn(path.dirname(process.execPath), args);
  if (fs.existsSync(projectNode)) return npmOn(path.dirname(projectNode), args);
  // A fresh clone on an older Node: npx fetches the locked Node package once to run npm on.
  const { version } = JSON.parse(fs.readFileSync(lock, 'utf8')).packages['node_modules/node'];
  run('npx', ['--yes', '--package', `node@${version}`, '--', 'npm', ...args]);
}

/**
 * Installs what is missing, then makes sure this script runs on the project's Node: on an older
 * system Node it runs itself again with the one in node_modules (the `node` devDependency),
 * passes signals on, and exits as that run exits (the returned promise then never settles).
 */
export function ensureRuntime() {
  ensureDependencies();
  if (isSupported(process.versions.node)) return Promise.resolve();
  const child = spawn(projectNode, process.argv.slice(1), {
    stdio: 'inherit',
    env: {
      ...process.env,
      PATH: `${path.dirname(projectNode)}${path.delimiter}${process.env.PATH}`,
    },
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('exit', (code, signal) =>
    process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)),
  );
  return new Promise(() => {});
}

const contract = ['contract/src', 'contract/package.json', 'contract/tsconfig.json'];

const parts = {
  contract: {
    sources: contract,
    output: 'contract/dist/messages.js',
  },
  server: {
    sources: ['server/src', 'server/tsconfig.build.json', 'tsconfig.json', ...contract],
    output: 'server/dist/main.js',
  },
  storefront: {
    sources: [
      'storefront/src',
      'storefront/public',
      'storefront/index.html',
      'storefront/vite.config.ts',
      ...contract,
    ],
    output: 'storefront/dist/index.html',
  },
  admin: {
    sources: ['admin/src', 'admin/index.html', 'admin/vite.config.ts', ...contract],
    output: 'admin/dist/index.html',
  },
};

/** Builds each part whose sources changed since its last build (or every part with `force`). */
export function ensureBuilt({ force = false, only = Object.keys(parts) } = {}) {
  for (const name of only) {
    const part = parts[name];
    const output = path.join(root, part.output);
    const stale =
      force || !fs.existsSync(output) || newestMtime(part.sources) > fs.statSync(output).mtimeMs;
    if (!stale) continue;
    const started = Date.now();
    console.log(`Building ${name}...`);
    npmOn(path.dirname(process.execPath), ['run', 'build', '-w', name]);
    console.log(`Built ${name} in ${Math.round((Date.now() - started) / 1000)} s.`);
  }
}

export function canConnect(url, timeoutMs = 1000) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port) || 6379 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export function onPath(binary) {
  return spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0;
}

/** `npm run <script>` on the Node this script runs on. */
export function runScript(script, ...args) {
  npmOn(path.dirname(process.execPath), ['run', script, ...args]);
}

export { spawn };
