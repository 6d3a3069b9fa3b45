import { CORE_SCHEMA, load, mergeTag } from 'js-yaml';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.js';
import { envSchema } from './env.schema.js';

const root = path.resolve(import.meta.dirname, '../../..');

interface ComposeService {
  build?: unknown;
  expose?: string[];
  volumes?: string[];
  command?: string | string[];
  image?: string;
  deploy?: { replicas?: number };
  environment?: Record<string, unknown> | string[];
  ports?: Array<string | { host_ip?: string }>;
}

function composeFiles() {
  return fs.readdirSync(root).filter((name) => /^(docker-)?compose[\w.-]*\.ya?ml$/.test(name));
}

function services(file: string) {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const document = load(text, { schema: CORE_SCHEMA.withTags(mergeTag) }) as {
    services: Record<string, ComposeService>;
  };
  return Object.entries(document.services);
}

function environmentOf(service: ComposeService): Record<string, string> {
  const entries = Array.isArray(service.environment)
    ? service.environment.map((line) => line.split(/=(.*)/s).slice(0, 2))
    : Object.entries(service.environment ?? {});
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

describe('the shipped compose files', () => {
  const files = composeFiles();
  const demo = (file: string) => /demo/.test(file);

  it('are a production file and a separate demo file', () => {
    expect(files.filter((file) => !demo(file))).toEqual(['docker-compose.yml']);
    expect(files.filter(demo)).toEqual(['docker-compose.demo.yml']);
  });

  it.each(files.filter((file) => !demo(file)))(
    '%s runs every store process in production without the sandbox',
    (file) => {
      const stores = services(file).filter(([, service]) => service.build !== undefined);
      expect(stores.length).toBeGreaterThan(0);
      for (const [name, service] of stores) {
        const env = environmentOf(service);
        expect({ name, NODE_ENV: env.NODE_ENV, SANDBOX: env.SANDBOX }).toEqual({
          name,
          NODE_ENV: 'production',
          SANDBOX: 'false',
        });
        expect(Object.keys(env).filter((key) => /SANDBOX|^HOST$/.test(key))).toEqual(['SANDBOX']);
      }
    },
  );

  /** Connections PostgreSQL keeps for superusers, and for migrations, backups and an operator. */
  const RESERVED = 3;
  const HEADROOM = 10;

  it.each(files)(
    '%s: every store process at its pool size still fits PostgreSQL (RELIABILITY P5)',
    (file) => {
      const all = services(file);
      const [, postgres] = all.find(([, service]) => service.image?.startsWith('postgres')) ?? [];
      const command = [postgres?.command ?? []].flat().join(' ');
      const maxConnections = Number(/max_connections=(\d+)/.exec(command)?.[1] ?? 100);
      const poolDefault = loadConfig({ NODE_ENV: 'test' }).databasePool.max;
      const pools = all
        .filter(([, service]) => service.build !== undefined)
        .map(([, service]) => {
          const configured = Number(environmentOf(service).DATABASE_POOL_MAX ?? poolDefault);
          return configured * (service.deploy?.replicas ?? 1);
        });
      expect(pools.length).toBeGreaterThan(0);
      const total = pools.reduce((sum, pool) => sum + pool, 0);
      expect(total).toBeLessThanOrEqual(maxConnections - RESERVED - HEADROOM);
    },
  );

  it('docker-compose.yml publishes only the TLS proxy, and each store trusts exactly that hop', () => {
    const all = services('docker-compose.yml');
    const published = all.filter(([, service]) => (service.ports ?? []).length > 0);
    expect(published.map(([name]) => name)).toEqual(['proxy']);
    const [, proxy] = published[0];
    expect(proxy.image).toMatch(/^caddy:/);
    expect(proxy.volumes).toContain('./ops/Caddyfile:/etc/caddy/Caddyfile:ro');
    const http = all.filter(
      ([, service]) => service.build !== undefined && environmentOf(service).APP_ROLE !== 'worker',
    );
    expect(http.length).toBeGreaterThan(0);
    for (const [, service] of http) expect(environmentOf(service).TRUST_PROXY).toBe('1');
  });

  it('the proxy reads each request whole, cuts slow clients off, and trusts no forwarded header', () => {
    const caddyfile = fs
      .readFileSync(path.join(root, 'ops/Caddyfile'), 'utf8')
      .replace(/#.*$/gm, '');
    const seconds = (name: string) =>
      Number(new RegExp(`\\b${name}\\s+(\\d+)s\\b`).exec(caddyfile)?.[1]);
    expect(seconds('read_header')).toBeGreaterThan(0);
    expect(seconds('read_body')).toBeGreaterThan(0);
    // A store process waits at least as long as the proxy, so only the proxy's limit is met.
    const store = loadConfig({ NODE_ENV: 'test' }).http;
    expect(seconds('read_body') * 1000).toBeLessThanOrEqual(store.requestTimeoutMs);
    expect(seconds('keepalive') * 1000).toBeLessThan(store.keepAliveTimeoutMs);
    expect(caddyfile).toMatch(/\brequest_buffers\s+\d+MB\b/);
    expect(caddyfile).toMatch(/\breverse_proxy\s+api:3000\b/);
    expect(caddyfile).not.toMatch(/trusted_proxies/);
  });

  it('publishes the demo on loopback only', () => {
    const published = services('docker-compose.demo.yml').flatMap(([, service]) =>
      (service.ports ?? []).map((port) => (typeof port === 'string' ? port : port.host_ip)),
    );
    expect(published.length).toBeGreaterThan(0);
    for (const port of published) expect(port).toMatch(/^127\.0\.0\.1:/);
  });
});

describe('.env.example', () => {
  const documented = fs
    .readFileSync(path.join(root, '.env.example'), 'utf8')
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
    .filter((name): name is string => Boolean(name));

  it('documents every variable the server reads, once', () => {
    expect([...documented].sort()).toEqual(Object.keys(envSchema).sort());
  });
});
