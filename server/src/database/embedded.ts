import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import fs from 'node:fs';
import path from 'node:path';
import { gateExchanges } from './embedded-exchange-gate.js';

/**
 * The embedded PostgreSQL (PGlite) behind a local socket server, so the ordinary `pg` driver
 * and every migration work unchanged. Only for APP_ROLE=all: one process hosts it.
 */
export async function startEmbeddedPostgres(dataDir: string) {
  const dir = path.join(dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  // pg_trgm serves the console's contains-searches (see the ScaleIndexes migration).
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 20 });
  gateExchanges(server, db);
  await server.start();
  const [, port] = server.getServerConn().split(':');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
