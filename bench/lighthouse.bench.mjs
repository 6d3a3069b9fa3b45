/**
 * Lighthouse on a busy phone (not part of `npm test`). Runs Lighthouse's default mobile mode
 * (simulated slow 4G, a 4x slower CPU) on a static baseline page (one heading, one image) and on
 * the store's home and product pages, side by side in one run, first on a quiet machine and then
 * with a CPU hog of its own busy on the other core, and prints each page's performance score,
 * total blocking time (TBT) and main-thread work, with their ratios to the baseline's.
 *
 *   node bench/lighthouse.bench.mjs                      # the build of this checkout
 *   node bench/lighthouse.bench.mjs before=/copy/of/an/older/build after=.
 *
 * Each argument is `label=dir`, a directory holding `server/dist` and `storefront/dist`; the
 * bench starts each store from it on a scratch database (demo data) and drops it afterwards.
 * LIGHTHOUSE_RUNS (default 3) runs a page and phase; medians are reported. The pages are measured
 * in turn, run by run, so every page sees the same state of the machine. Chromium is Debian's
 * (CHROME_PATH, default /usr/bin/chromium), started by chrome-launcher. Every report is kept as
 * JSON in test-artifacts/lighthouse/ (LIGHTHOUSE_REPORTS) for its diagnostics.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { spawn } from 'node:child_process';
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratch, root, start, stop, storeEnv } from './lib.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PHASES = (process.env.LIGHTHOUSE_PHASES ?? 'quiet,loaded').split(',');
const REPORTS =
  process.env.LIGHTHOUSE_REPORTS ??
  fileURLToPath(new URL('../test-artifacts/lighthouse', import.meta.url));

const builds = (process.argv.slice(2).length ? process.argv.slice(2) : ['store=.']).map((arg) => {
  const [label, dir] = arg.includes('=') ? arg.split('=') : [path.basename(arg), arg];
  return { label, dir: path.resolve(root, dir) };
});

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The baseline: a static page with one heading and one image, as light as a page gets. */
async function serveBaseline() {
  const image = await readFile(path.join(root, 'storefront/public/logo.svg'));
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="description" content="A static page: one heading and one image." />
<title>Baseline</title></head>
<body><h1>Instant game top-ups</h1><img src="/logo.svg" alt="Logo" width="160" height="160" /></body></html>`;
  const server = http.createServer((request, reply) => {
    if (request.url === '/logo.svg') {
      reply.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' });
      reply.end(image);
      return;
    }
    reply.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    reply.end(page);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function startStore({ label, dir }) {
  const scratch = await createScratch();
  const port = 3800 + Math.floor(Math.random() * 150);
  const child = await start(
    [path.join(dir, 'server/dist/main.js')],
    storeEnv(scratch, { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }),
    'listening on',
  );
  const base = `http://127.0.0.1:${port}`;
  const home = await (await fetch(`${base}/api/product/gethomeproducts`)).json();
  const product = Object.values(home)
    .flat()
    .find((tile) => tile?._id);
  if (!product) throw new Error(`${label}: the catalogue has no product to measure.`);
  return {
    label,
    pages: [
      { name: `${label} home`, url: `${base}/` },
      { name: `${label} product`, url: `${base}/product/${product._id}` },
    ],
    async close() {
      await stop(child);
      await scratch.drop();
    },
  };
}

/** A busy loop in a process of its own: with the bench's Chromium, both cores are busy. */
function startHog() {
  const hog = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  return () => hog.kill('SIGKILL');
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

await mkdir(REPORTS, { recursive: true });
const baseline = await serveBaseline();
const stores = [];
for (const build of builds) stores.push(await startStore(build));
const pages = [{ name: 'baseline', url: baseline.url }, ...stores.flatMap((store) => store.pages)];
const chrome = await launch({
  chromePath: CHROME_PATH,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

const rows = [];
try {
  for (const phase of PHASES) {
    // Let the machine settle after starting the stores and after the last phase.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const before = loadAverage();
    const stopHog = phase === 'loaded' ? startHog() : () => {};
    const results = new Map(pages.map((page) => [page.name, []]));
    try {
      for (let run = 0; run < RUNS; run++) {
        for (const page of pages) {
          const result = await lighthouse(page.url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
          });
          const file = `${phase}-${page.name.replace(/\W+/g, '-')}-${run + 1}.json`;
          await writeFile(path.join(REPORTS, file), result.report);
          if (result.lhr.runtimeError) {
            console.log(`${phase} ${page.name} run ${run + 1}: ${result.lhr.runtimeError.code}`);
          } else {
            results.get(page.name).push(result.lhr);
          }
        }
      }
    } finally {
      stopHog();
    }
    const after = loadAverage();
    const figures = (name) => {
      const runs = results.get(name);
      if (!runs.length) return undefined;
      return {
        scores: runs.map((lhr) => Math.round(lhr.categories.performance.score * 100)),
        tbt: median(runs.map((lhr) => lhr.audits['total-blocking-time'].numericValue)),
        work: median(runs.map((lhr) => lhr.audits['mainthread-work-breakdown'].numericValue)),
        fcp: median(runs.map((lhr) => lhr.audits['first-contentful-paint'].numericValue)),
        lcp: median(runs.map((lhr) => lhr.audits['largest-contentful-paint'].numericValue)),
      };
    };
    const base = figures('baseline');
    const ratio = (value, of) => (of > 0 ? `${(value / of).toFixed(1)}x` : '-');
    for (const page of pages) {
      const own = figures(page.name);
      if (!own) continue;
      rows.push({
        phase,
        page: page.name,
        score: median(own.scores),
        'each run': own.scores.join(' '),
        'TBT ms': Math.round(own.tbt),
        'TBT / baseline': base ? ratio(own.tbt, base.tbt) : '-',
        'main-thread s': (own.work / 1000).toFixed(2),
        'work / baseline': base ? ratio(own.work, base.work) : '-',
        'FCP s': (own.fcp / 1000).toFixed(2),
        'LCP s': (own.lcp / 1000).toFixed(2),
        'load avg': `${before} → ${after}`,
      });
    }
    console.log(`${phase}: load average ${before} before, ${after} after`);
  }
} finally {
  chrome.kill();
  await baseline.close();
  for (const store of stores) await store.close();
}

console.log(
  `Lighthouse (mobile), ${RUNS} runs a page and phase, medians; ${os.cpus().length} cores; reports in ${REPORTS}`,
);
console.table(rows);
