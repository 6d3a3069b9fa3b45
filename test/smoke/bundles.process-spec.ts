import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEV_JWT_SECRET } from '../../server/src/config/config.js';

/**
 * RELIABILITY 12, P7 and S10 on the production builds: the storefront's first load stays
 * small and free of the console's libraries, and no server secret reaches a browser bundle.
 */
const dist = (app: string) => path.resolve(app, 'dist');
const gzipKb = (file: string) => gzipSync(fs.readFileSync(file)).length / 1024;

function scriptsLoadedBy(app: string, prefix: string) {
  const html = fs.readFileSync(path.join(dist(app), 'index.html'), 'utf8');
  const sources = [...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1]);
  return sources.map((src) => path.join(dist(app), src.replace(prefix, '')));
}

function allFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? allFiles(full) : [full];
  });
}

describe('production bundles', () => {
  it("keeps every route's first load at most 170 kB of gzipped JavaScript", () => {
    const entry = scriptsLoadedBy('storefront', '/');
    expect(entry.length).toBeGreaterThan(0);
    // A route's first load, from the build's manifest: the entry (which works the drawn first
    // screen) and what it imports, the app it starts (a dynamic import of the entry, preloaded
    // on every page) and what that imports, then the route's own chunk (a dynamic import of the
    // app) and what that imports.
    const manifest = JSON.parse(
      fs.readFileSync(path.join(dist('storefront'), '.vite', 'manifest.json'), 'utf8'),
    ) as Record<
      string,
      { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
    >;
    const closure = (key: string, seen = new Set<string>()) => {
      if (seen.has(key)) return seen;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) closure(imported, seen);
      return seen;
    };
    const kbOf = (keys: Set<string>) =>
      [...keys]
        .map((key) => manifest[key].file)
        .filter((file) => file.endsWith('.js'))
        .reduce((sum, file) => sum + gzipKb(path.join(dist('storefront'), file)), 0);
    const [entryKey] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)!;
    const apps = manifest[entryKey].dynamicImports ?? [];
    expect(apps.length).toBeGreaterThan(0);
    const routes = apps.flatMap((app) =>
      (manifest[app].dynamicImports ?? []).map((route) => ({ app, route })),
    );
    expect(routes.length).toBeGreaterThan(10);
    const firstLoads = Object.fromEntries(
      routes.map(({ app, route }) => [
        route,
        kbOf(closure(route, closure(app, closure(entryKey)))),
      ]),
    );
    const heaviest = Math.max(...Object.values(firstLoads));
    expect({ heaviest, over: Object.entries(firstLoads).filter(([, kb]) => kb > 170) }).toEqual({
      heaviest: expect.any(Number),
      over: [],
    });
  });

  it('never ships react-admin or MUI in the storefront', () => {
    for (const file of allFiles(dist('storefront')).filter((f) => f.endsWith('.js'))) {
      const text = fs.readFileSync(file, 'utf8');
      expect(text).not.toMatch(/react-admin|MuiButtonBase|@mui\/material/);
    }
  });

  it('puts no server secret in either browser bundle', () => {
    const secrets = [DEV_JWT_SECRET, 'sandbox-fast2sms-key', 'sandbox-client-secret', '-----BEGIN'];
    for (const app of ['storefront', 'admin']) {
      for (const file of allFiles(dist(app)).filter((f) => /\.(js|html|css|map)$/.test(f))) {
        const text = fs.readFileSync(file, 'utf8');
        for (const secret of secrets) expect(text.includes(secret)).toBe(false);
      }
    }
  });
});
