/**
 * Lighthouse budget (not part of `npm test`): start the store (`PORT=3100 npm start`), then
 * `node bench/lighthouse-budget.bench.mjs http://127.0.0.1:3100`. Runs Lighthouse in its default mobile
 * mode (simulated slow 4G and a 4x slower CPU) on the home page, a product page and the console's
 * login page with the Chromium of the system (CHROME_PATH, default /usr/bin/chromium), and prints
 * the four category scores against the budget, with the median of each metric. Each page is
 * measured LIGHTHOUSE_RUNS times (default 3); the scores are those of the run with the median
 * performance score, as Lighthouse advises for its run-to-run variance. Exits 1 when a page
 * misses the budget.
 *
 * Given more stores (`... http://127.0.0.1:3100 http://127.0.0.1:3101`), it measures them in
 * turn, run by run, so that each sees the same state of the machine, and prints them side by
 * side; the budget is checked on the first. Every report is kept as JSON in
 * test-artifacts/lighthouse/ (LIGHTHOUSE_REPORTS to change it) for its diagnostics.
 */
import lighthouse from 'lighthouse';
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const STORES = (args.length ? args : [process.env.STORE_URL ?? 'http://127.0.0.1:3100']).map(
  (url) => url.replace(/\/$/, ''),
);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const BUDGET = { performance: 95, accessibility: 98, 'best-practices': 100, seo: 95 };
const CATEGORIES = Object.keys(BUDGET);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const REPORTS =
  process.env.LIGHTHOUSE_REPORTS ??
  fileURLToPath(new URL('../test-artifacts/lighthouse', import.meta.url));
const METRICS = {
  fcp: ['first-contentful-paint', (ms) => `${(ms / 1000).toFixed(2)} s`],
  lcp: ['largest-contentful-paint', (ms) => `${(ms / 1000).toFixed(2)} s`],
  tbt: ['total-blocking-time', (ms) => `${Math.round(ms)} ms`],
  si: ['speed-index', (ms) => `${(ms / 1000).toFixed(2)} s`],
  cls: ['cumulative-layout-shift', (value) => value.toFixed(3)],
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Starts Chromium with a DevTools port of its choosing and resolves with that port. */
async function launchChromium() {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'lighthouse-chromium-'));
  const chromium = spawn(
    CHROME_PATH,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    chromium.stderr.on('data', (chunk) => {
      output += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    chromium.on('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${output}`)));
  });
  return {
    port,
    async close() {
      chromium.kill();
      await new Promise((resolve) => chromium.once('exit', resolve));
      await rm(profile, { recursive: true, force: true });
    },
  };
}

async function firstProductPath(store) {
  const response = await fetch(`${store}/api/product/gethomeproducts`);
  if (!response.ok) throw new Error(`${store} answered ${response.status}: is the store up?`);
  const body = await response.json();
  const product = Object.values(body)
    .filter(Array.isArray)
    .flat()
    .find((item) => item?._id);
  if (!product) throw new Error('The catalogue has no product to measure.');
  return `/product/${product._id}`;
}

const PAGES = [
  { name: 'home', path: () => '/' },
  { name: 'product', path: firstProductPath },
  { name: 'admin login', path: () => '/admin/login' },
];

await mkdir(REPORTS, { recursive: true });
const reportName = (store, page, run) =>
  `${new URL(store).host.replace(/\W/g, '-')}-${page.replace(/\W/g, '-')}-${run + 1}.json`;

/** Every run of every page of every store, store after store within a run. */
const results = new Map(
  STORES.map((store) => [store, new Map(PAGES.map((page) => [page.name, []]))]),
);
const paths = new Map();
for (const store of STORES) {
  for (const page of PAGES) paths.set(`${store} ${page.name}`, await page.path(store));
}
const chromium = await launchChromium();
try {
  for (let run = 0; run < RUNS; run++) {
    for (const page of PAGES) {
      for (const store of STORES) {
        const result = await lighthouse(`${store}${paths.get(`${store} ${page.name}`)}`, {
          port: chromium.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
        await writeFile(path.join(REPORTS, reportName(store, page.name, run)), result.report);
        // A run Lighthouse could not measure (NO_NAVSTART and the like on a busy machine) has
        // no scores: it is reported, not counted.
        if (result.lhr.runtimeError) {
          console.log(`${store} ${page.name}, run ${run + 1}: ${result.lhr.runtimeError.code}`);
        } else {
          results.get(store).get(page.name).push(result.lhr);
        }
      }
    }
  }
} finally {
  await chromium.close();
}

/** A page's figures on a store: the median run's scores, each metric's median. */
function summary(runs) {
  if (!runs.length) throw new Error('Lighthouse measured no run of a page: see the reports.');
  const byPerformance = [...runs].sort(
    (a, b) => a.categories.performance.score - b.categories.performance.score,
  );
  const { categories, audits } = byPerformance[Math.floor(byPerformance.length / 2)];
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((categories[id].score ?? 0) * 100)]),
  );
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, [id, format]]) => [
      name,
      format(median(runs.map((lhr) => lhr.audits[id].numericValue))),
    ]),
  );
  const failing = CATEGORIES.flatMap((id) =>
    categories[id].auditRefs
      .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null)
      .filter((ref) => audits[ref.id].score < 1)
      .map((ref) => `${id}: ${ref.id} (${audits[ref.id].displayValue ?? audits[ref.id].score})`),
  );
  return {
    scores,
    metrics,
    each: runs.map((lhr) => Math.round(lhr.categories.performance.score * 100)).join(' '),
    failing,
  };
}

const rows = [];
for (const page of PAGES) {
  for (const store of STORES) {
    const { scores, metrics, each } = summary(results.get(store).get(page.name));
    rows.push({ page: page.name, store, ...scores, 'performance of each run': each, ...metrics });
  }
}
console.log(`Lighthouse (mobile), ${RUNS} runs a page, medians; reports in ${REPORTS}`);
console.table(rows);

let missed = false;
for (const page of PAGES) {
  const { scores, failing } = summary(results.get(STORES[0]).get(page.name));
  const misses = CATEGORIES.filter((id) => scores[id] < BUDGET[id]);
  if (misses.length) missed = true;
  if (failing.length) console.log(`${page.name}: audits below 1:\n  ${failing.join('\n  ')}`);
  console.log(
    `${page.name}: ${misses.length ? `misses the budget on ${misses.join(', ')}` : 'within the budget'}`,
  );
}
process.exit(missed ? 1 : 0);
