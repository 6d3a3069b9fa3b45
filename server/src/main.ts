import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { startStore } from './bootstrap.js';
import { pinoOptions } from './common/logging/logging.module.js';
import { terminalDestination } from './common/logging/terminal-lines.js';
import { ConfigError, loadConfig } from './config/config.js';

const fromHere = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Start and stop lines are written whatever LOG_LEVEL says (scripts wait for them), unless silent.
  const lifecycle = pino(
    pinoOptions({ ...config, logLevel: config.logLevel === 'silent' ? 'silent' : 'info' }),
    terminalDestination(),
  );
  const store = await startStore(config, {
    storefront: fromHere('../../storefront/dist'),
    admin: fromHere('../../admin/dist'),
  });
  if (store.port) {
    const where = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${store.port}`;
    lifecycle.info(
      `Z Store (${config.role}) listening on ${where} (Node ${process.version}); open ${config.publicUrl}`,
    );
  } else lifecycle.info(`Z Store worker running`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    lifecycle.info(`${signal}: finishing in-flight work, then exiting`);
    const force = setTimeout(() => {
      lifecycle.error('Shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    store.close().then(
      () => process.exit(0),
      (error: unknown) => {
        lifecycle.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
