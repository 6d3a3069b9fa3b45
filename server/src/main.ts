import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { startStore } from './bootstrap.js';
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

  const store = await startStore(config, {
    storefront: fromHere('../../storefront/dist'),
    admin: fromHere('../../admin/dist'),
  });
  if (store.port) {
    const where = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${store.port}`;
    console.log(
      `Z Store (${config.role}) listening on ${where} (Node ${process.version}); open ${config.publicUrl}`,
    );
  } else console.log(`Z Store worker running`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing in-flight work, then exiting`);
    const force = setTimeout(() => {
      console.error('Shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    store.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
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
