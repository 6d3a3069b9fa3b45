/**
 * Lighthouse budget (not part of `npm test`): start the store (`PORT=3100 npm start`), then
 * `node bench/lighthouse.bench.mjs http://127.0.0.1:3100`. Runs Lighthouse in its default mobile
 * mode (simulated slow 4G and a 4x slower CPU) on the home page, a product page and the console's
 * login page with the Chromium of the system (CHROME_PATH, default /usr/bin/chromium), and prints
 * the four category scores against the budget. Each page is measured LIGHTHOUSE_RUNS times
 * (default 3) and the run with the median performance score is kept, as Lighthouse advises for
 * its run-to-run variance. Exits 1 when a page misses the budget.
 */
import lighthouse from 'lighthouse';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const BASE_URL = (process.argv[2] ?? process.env.STORE_URL ?? 'http://127.0.0.1:3100').replace(
  /\/$/,
  '',
);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const BUDGET = { performance: 95, accessibility: 98, 'best-practices': 100, seo: 95 };
const CATEGORIES = Object.keys(BUDGET);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

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

async function firstProductPath() {
  const response = await fetch(`${BASE_URL}/api/product/gethomeproducts`);
  if (!response.ok) throw new Error(`${BASE_URL} answered ${response.status}: is the store up?`);
  const body = await response.json();
  const product = Object.values(body)
    .filter(Array.isArray)
    .flat()
    .find((item) => item?._id);
  if (!product) throw new Error('The catalogue has no product to measure.');
  return `/product/${product._id}`;
}

const pages = [
  { name: 'home', path: '/' },
  { name: 'product', path: await firstProductPath() },
  { name: 'admin login', path: '/admin/login' },
];

const chromium = await launchChromium();
const rows = [];
try {
  for (const page of pages) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${BASE_URL}${page.path}`, {
        port: chromium.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      runs.push(result.lhr);
    }
    runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const { categories, audits } = runs[Math.floor(runs.length / 2)];
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((categories[id].score ?? 0) * 100)]),
    );
    const failing = CATEGORIES.flatMap((id) =>
      categories[id].auditRefs
        .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null)
        .filter((ref) => audits[ref.id].score < 1)
        .map((ref) => `${id}: ${ref.id} (${audits[ref.id].displayValue ?? audits[ref.id].score})`),
    );
    rows.push({
      page: page.name,
      path: page.path,
      ...scores,
      'performance of each run': runs
        .map((lhr) => Math.round(lhr.categories.performance.score * 100))
        .join(' '),
      fcp: audits['first-contentful-paint'].displayValue,
      lcp: audits['largest-contentful-paint'].displayValue,
      tbt: audits['total-blocking-time'].displayValue,
      cls: audits['cumulative-layout-shift'].displayValue,
      failing,
    });
  }
} finally {
  await chromium.close();
}

console.log(`Lighthouse (mobile) on ${BASE_URL}`);
console.table(rows.map(({ failing: _failing, ...row }) => row));
let missed = false;
for (const row of rows) {
  const misses = CATEGORIES.filter((id) => row[id] < BUDGET[id]);
  if (misses.length) missed = true;
  if (row.failing.length)
    console.log(`${row.page}: audits below 1:\n  ${row.failing.join('\n  ')}`);
  console.log(
    `${row.page}: ${misses.length ? `misses the budget on ${misses.join(', ')}` : 'within the budget'}`,
  );
}
process.exit(missed ? 1 : 0);
