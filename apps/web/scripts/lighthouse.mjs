#!/usr/bin/env node
// Lighthouse (default mobile profile: simulated slow 4G and a 4x slower CPU) over console pages, in Debian
// Chromium (CHROMIUM_PATH, default /usr/bin/chromium). Prints one line per page, or JSON with --json.
//
//   node apps/web/scripts/lighthouse.mjs [--json] [--token TOKEN] [--lhr DIR] [--runs N] URL [URL ...]
//
// --runs N runs each page N times and reports the median run (Lighthouse's computeMedianRun), with every run's score.
//
// --lhr writes each page's whole Lighthouse report (JSON) and its trace into DIR, to see what the score is made of.
//
// --token signs the pages in: the console keeps its bearer token in localStorage (spec section 6), so it is
// written there over the DevTools protocol before Lighthouse loads the page with storage reset turned off.
// Used by `npm run bench`; a benchmark prints numbers, it never fails on them.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium } from 'playwright-core';

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Total blocking time recomputed from the CPU time of the page's main-thread tasks (the trace's thread durations)
 * instead of their wall time, times Lighthouse's mobile CPU slowdown (4), for the tasks after the first contentful
 * paint: Σ max(0, 4 × cpu − 50 ms). Lighthouse's own TBT multiplies the tasks' *wall* time, which other processes
 * on a shared machine stretch (a task that used 38 ms of CPU took 92 ms of wall time at load 3 on 2 cores); this
 * one stays what the page itself costs, to compare builds on a busy machine. It is a companion figure, not
 * Lighthouse's metric (which simulates the network and counts only from its simulated FCP to TTI).
 */
export function cpuBlockingTime(trace, slowdown = 4) {
  const events = trace?.traceEvents ?? [];
  const threadOf = (e) => `${e.pid}:${e.tid}`;
  const renderers = new Set(
    events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map(threadOf),
  );
  // The page's renderer main thread: the one that painted the last first-contentful-paint (the page loaded).
  const fcp = events.filter((e) => e.name === 'firstContentfulPaint' && renderers.has(threadOf(e))).at(-1);
  if (!fcp) return null;
  const main = threadOf(fcp);
  let total = 0;
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'RunTask' || threadOf(e) !== main || e.ts < fcp.ts) continue;
    const cpuMs = ((e.tdur ?? e.dur) / 1000) * slowdown;
    if (cpuMs > 50) total += cpuMs - 50;
  }
  return Math.round(total);
}

/** The summary the bench prints: score 0..1, LCP in ms, bytes transferred in KiB, and the requests made. */
function summarise(lhr, trace) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const transferBytes = items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    url: lhr.finalDisplayedUrl ?? lhr.requestedUrl,
    performance: lhr.categories.performance?.score ?? null,
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN),
    tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
    tbtCpuMs: cpuBlockingTime(trace),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? null,
    transferKiB: Math.round((transferBytes / 1024) * 10) / 10,
    requests: items.length,
  };
}

/**
 * Writes the token into the page origin's localStorage, as the console's own sign-in would, and empties the HTTP
 * cache.
 */
async function storeToken(port, url, token) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    // A static file of the console's origin: sets the origin without running the app.
    await page.goto(new URL('/favicon.svg', url).toString());
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    // Lighthouse keeps the HTTP cache when told to keep storage: every run starts with it empty, as a first visit.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Disconnects only: the browser launched by chrome-launcher keeps running for Lighthouse.
    await browser.close();
  }
}

/** How many unrecorded runs (runtimeError) a page may have before the script gives up. */
const RETRIES = 2;

/**
 * Runs Lighthouse `runs` times per URL, in one browser, and keeps the median run as Lighthouse CI does
 * (Lighthouse's `computeMedianRun`: the run nearest the median first contentful paint and time to interactive). One run's
 * score moves by ±0.05 on this 2-core machine, where the API, the database and Chromium share the cores; the
 * summary lists every run's score beside the median's numbers.
 */
export async function runLighthouse(
  urls,
  { token, lhrDir, runs = 1, chromePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium' } = {},
) {
  if (lhrDir) await mkdir(lhrDir, { recursive: true });
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const results = [];
    for (const url of urls) {
      const done = [];
      // Runs Lighthouse could not record (its runtimeError, e.g. NO_NAVSTART: "Please run Lighthouse again"), each
      // run again, at most RETRIES times per page; the summary says how many there were.
      let retried = 0;
      for (let i = 0; i < runs; i += 1) {
        if (token) await storeToken(chrome.port, url, token);
        const runner = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: Boolean(token),
          // LIGHTHOUSE_CPU_SAMPLES=1 adds the JavaScript sampling profiler to the trace (--lhr): which functions
          // each long task ran. It costs the page some time, so scores taken with it are not comparable.
          ...(process.env.LIGHTHOUSE_CPU_SAMPLES === '1'
            ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
            : {}),
        });
        if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
        if (runner.lhr.runtimeError) {
          if (retried >= RETRIES) throw new Error(`${url}: ${runner.lhr.runtimeError.message}`);
          retried += 1;
          process.stderr.write(`lighthouse: ${url}: ${runner.lhr.runtimeError.code}, running it again\n`);
          i -= 1;
          continue;
        }
        done.push({ lhr: runner.lhr, trace: runner.artifacts?.Trace });
      }
      const median = computeMedianRun(done.map((d) => d.lhr));
      const { lhr, trace } = done.find((d) => d.lhr === median);
      if (lhrDir) {
        const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
        await writeFile(path.join(lhrDir, `${name}.lhr.json`), JSON.stringify(lhr));
        // The trace too (chrome://tracing, DevTools' Performance panel): what each long task is made of.
        await writeFile(path.join(lhrDir, `${name}.trace.json`), JSON.stringify(trace ?? {}));
      }
      results.push({
        ...summarise(lhr, trace),
        ...(runs > 1 ? { runs: done.map((d) => d.lhr.categories.performance?.score ?? null) } : {}),
        ...(retried > 0 ? { retried } : {}),
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '');
if (isMain) {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const tokenAt = args.indexOf('--token');
  const token = tokenAt >= 0 ? args[tokenAt + 1] : undefined;
  const lhrAt = args.indexOf('--lhr');
  const lhrDir = lhrAt >= 0 ? args[lhrAt + 1] : undefined;
  const runsAt = args.indexOf('--runs');
  const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 1;
  const valueAt = new Set([tokenAt + 1, lhrAt + 1, runsAt + 1].filter((i) => i > 0));
  const urls = args.filter((a, i) => !a.startsWith('--') && !valueAt.has(i));
  if (urls.length === 0) {
    console.error('usage: lighthouse.mjs [--json] [--token TOKEN] [--lhr DIR] [--runs N] URL [URL ...]');
    process.exit(2);
  }
  if (!Number.isInteger(runs) || runs < 1) {
    console.error('--runs takes a whole number of runs, 1 or more');
    process.exit(2);
  }
  const results = await runLighthouse(urls, { token, lhrDir, runs });
  if (json) console.log(JSON.stringify(results.length === 1 ? results[0] : results));
  else
    for (const r of results)
      console.log(
        `${r.url}  performance ${r.performance}  LCP ${r.lcpMs} ms  FCP ${r.fcpMs} ms  TBT ${r.tbtMs} ms (from CPU time ${r.tbtCpuMs} ms)  ${r.transferKiB} KiB in ${r.requests} requests`,
      );
}
