// The portal's load benchmark (issue 9): how much JavaScript a browser downloads before the login form
// and the events panel are usable, and Lighthouse's mobile scores of the login page and (issue 36) of the
// events panel signed in as an operator, each beside the figures measured before the work on it; and
// where the panel's main-thread time goes in a trace of its load under the same 4× slower CPU
// (bench/web-trace.mjs), the figure that compares two versions on a machine whose load moves.
//
//   node bench/web.mjs               (after `npm run build`; `npm run bench` runs it with the others)
//   BENCH_ONLY=web npm run bench     (this part alone, after building)
//
// It starts the built server on an embedded database of its own (a temporary directory, demo seed) on
// port 8320, drives Debian's Chromium with playwright-core (a fresh profile for every load, so nothing
// is cached) and runs Lighthouse on the login page and the events panel in another Chromium started by
// chrome-launcher (for the panel, the operator's stored session is put in that profile first).
// The figures go into bench/README.md between the bench:web markers; everything else is left as it is.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { machineBusy, median, tempDataDir } from "./lib.mjs";
import { CPU_SLOWDOWN, describeSummary, signedInState, tracePanelLoads } from "./web-trace.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SERVER = join(ROOT, "packages/server/dist/server.js");
const WEB_INDEX = join(ROOT, "packages/web/dist/index.html");
const README = join(ROOT, "bench/README.md");
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const PORT = Number(process.env.BENCH_WEB_PORT ?? 8320); // 8320–8329 are this benchmark's
const BASE = `http://127.0.0.1:${PORT}`;
// Six Lighthouse runs (three a page) and three traced loads of the panel.
const BROWSER = {
  executablePath: CHROMIUM,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};
const DEADLINE_MS = 12 * 60_000;
// Lighthouse's performance score moves with what else the CPUs do: the median of a few runs is the figure.
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_WEB_LIGHTHOUSE_RUNS ?? 3);
const DEMO = { email: "admin@demo.cl", password: "Atalaya2026" };
// Issue 36 measures the panel as an operator sees it at the start of a shift.
const OPERATOR = { email: "operador@demo.cl", password: "Atalaya2026" };
const TRACE_RUNS = Number(process.env.BENCH_WEB_TRACE_RUNS ?? 3);
const KB = 1000;
const TARGETS = { loginGzipKb: 300, eventsGzipKb: 600, performance: 90, accessibility: 100, bestPractices: 100, eventsTbtMs: 300 };
// Measured on the landed code when issue 9 was filed (Debian Chromium, demo data), before any of its work.
const BEFORE = { loginJsKb: 3100, loginGzipKb: 880, performance: 55, fcpSeconds: 17 };
// The events panel when issue 36 was filed: Lighthouse mobile in several runs on this machine.
const BEFORE_EVENTS = { performance: "51–70", tbt: "1.4–3.3 s" };

const log = (line) => console.log(`[web ${new Date().toTimeString().slice(0, 8)}] ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

// ---------------------------------------------------------------------------------------------------
// The server

/** Starts the built server on a fresh embedded database (demo seed); resolves when it is ready. */
let serverChild;
process.on("exit", () => serverChild?.kill("SIGKILL"));

async function startServer(dataDir) {
  const logPath = join(tmpdir(), "atalaya-bench-web.log");
  const out = createWriteStream(logPath);
  const child = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: "",
      REDIS_URL: "",
      ATALAYA_DATA_DIR: dataDir,
      ATALAYA_SEED: "demo",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: BASE,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  serverChild = child;
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited while starting; see ${logPath}`);
    if (await fetch(`${BASE}/readyz`).then((r) => r.ok, () => false)) return child;
    await sleep(250);
  }
  child.kill("SIGKILL");
  throw new Error(`the server was not ready after 120 s; see ${logPath}`);
}

async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------------
// JavaScript transferred (playwright-core)

/** The scripts the page has downloaded so far, from its Resource Timing entries (same origin, so the
 * sizes are there): bytes on the wire (as the server encoded them) and unpacked. */
async function scriptsSoFar(page) {
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((e) => /\.m?js(\?|$)/.test(e.name))
      .map((e) => ({ url: e.name, encoded: e.encodedBodySize, decoded: e.decodedBodySize })),
  );
  return {
    files: entries.length,
    encoded: entries.reduce((sum, e) => sum + e.encoded, 0),
    decoded: entries.reduce((sum, e) => sum + e.decoded, 0),
    urls: entries.map((e) => new URL(e.url).pathname),
  };
}

/** The login form is usable: its fields take text and its button is enabled, and the live page has
 * replaced the prerendered one (which paints first, before its scripts have run). */
async function loginUsable(page) {
  await page.locator("#root:not([data-prerendered])").waitFor({ state: "attached", timeout: 60_000 });
  await page.getByRole("textbox", { name: "Correo electrónico" }).waitFor({ state: "visible", timeout: 60_000 });
  await page.getByLabel("Contraseña").waitFor({ state: "visible" });
  await page.getByRole("button", { name: "Iniciar sesión" }).waitFor({ state: "visible" });
}

/** The events panel is usable: its list shows reports. */
async function eventsUsable(page) {
  await page.getByTestId("report-row").first().waitFor({ state: "visible", timeout: 60_000 });
}

/**
 * Loads the login page, then the events panel, each in a fresh profile, with the browser accepting only
 * `encoding` (Chromium's own list when "br"): the JavaScript downloaded until each is usable, and what
 * the page has downloaded once the network is idle (prefetches a route does not need).
 */
async function measureScripts(browser, encoding) {
  const headers = encoding === "gzip" ? { "accept-encoding": "gzip" } : {};
  const contextOptions = { locale: "es-CL", timezoneId: "America/Santiago", extraHTTPHeaders: headers, serviceWorkers: "block" };
  const result = {};

  let context = await browser.newContext(contextOptions);
  let page = await context.newPage();
  const encodings = new Set();
  page.on("response", (r) => {
    if (/\.m?js(\?|$)/.test(r.url())) encodings.add(r.headers()["content-encoding"] ?? "identity");
  });
  await page.goto(`${BASE}/v3/login`);
  await loginUsable(page);
  result.login = await scriptsSoFar(page);
  await page.waitForLoadState("networkidle");
  result.loginIdle = await scriptsSoFar(page);
  // Signing in from there: what the panel adds to what the login page had.
  await page.getByRole("textbox", { name: "Correo electrónico" }).fill(DEMO.email);
  await page.getByLabel("Contraseña").fill(DEMO.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await eventsUsable(page);
  result.journey = await scriptsSoFar(page);
  const storageState = await context.storageState();
  await context.close();

  // The events panel opened straight away (a signed-in operator's new tab), nothing cached.
  context = await browser.newContext({ ...contextOptions, storageState });
  page = await context.newPage();
  page.on("response", (r) => {
    if (/\.m?js(\?|$)/.test(r.url())) encodings.add(r.headers()["content-encoding"] ?? "identity");
  });
  await page.goto(`${BASE}/v3/events`);
  await eventsUsable(page);
  result.events = await scriptsSoFar(page);
  await page.waitForLoadState("networkidle");
  result.eventsIdle = await scriptsSoFar(page);
  await context.close();
  result.encodings = [...encodings];
  return result;
}

// ---------------------------------------------------------------------------------------------------
// Lighthouse

/** Puts a signed-in operator's localStorage (from a Playwright storage state) into the profile of the
 * Chromium Lighthouse drives: the page opens signed in, as a new tab of that operator would. Lighthouse
 * clears the cache and its default storage types before loading, not localStorage. Only `/readyz` is
 * opened meanwhile, so no script of the portal is cached. */
async function putSession(port, storageState) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${BASE}/readyz`);
    const entries = storageState.origins.find((o) => o.origin === new URL(BASE).origin)?.localStorage ?? [];
    if (entries.length === 0) throw new Error("the signed-in storage state has no localStorage for the portal");
    await page.evaluate((items) => items.forEach(({ name, value }) => localStorage.setItem(name, value)), entries);
    await page.close();
  } finally {
    await browser.close(); // connected over CDP: disconnects, the browser and its profile stay
  }
}

/** Lighthouse's mobile run (its default: emulated phone, simulated slow 4G and 4× CPU slowdown) of a
 * page (the login page, or the events panel with a signed-in storage state): the three category scores
 * and the paint metrics. */
async function lighthouseRun(path, storageState) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    if (storageState) await putSession(chrome.port, storageState);
    const runner = await lighthouse(
      `${BASE}${path}`,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices"], locale: "en" },
    );
    const lhr = runner.lhr;
    const score = (id) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
    const ms = (id) => lhr.audits[id]?.numericValue ?? NaN;
    // The audits that cost points, so a reader knows what to fix.
    const failing = Object.values(lhr.categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
        .map((ref) => `${category.id}: ${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`),
    );
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    // A session that did not take would measure the login page under the panel's name.
    if (new URL(lhr.finalDisplayedUrl).pathname !== path) throw new Error(`Lighthouse: ${path} ended at ${lhr.finalDisplayedUrl}`);
    return {
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      fcp: ms("first-contentful-paint"),
      lcp: ms("largest-contentful-paint"),
      tbt: ms("total-blocking-time"),
      cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
      speedIndex: ms("speed-index"),
      failing,
      version: lhr.lighthouseVersion,
    };
  } finally {
    await chrome.kill();
  }
}

// ---------------------------------------------------------------------------------------------------
// Report

const met = (ok) => (ok ? "met" : "**not met**");
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The run of median performance score, and the median blocking time, of a page's Lighthouse runs. */
function medianRun(runs) {
  const run = runs.find((r) => r.performance === median(runs.map((x) => x.performance)));
  return { ...run, medianTbt: median(runs.map((r) => r.tbt)), scores: runs.map((r) => r.performance).join(", ") };
}

/** The traced load of median main-thread CPU time. */
const medianTrace = (traces) => traces.find((t) => t.cpu === median(traces.map((x) => x.cpu)));

function resultsText({ br, gz, lh, runs, events, traces, busy, busyEvents }) {
  const date = new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC";
  const perfs = runs.map((r) => r.performance).join(", ");
  const trace = medianTrace(traces);
  const ms = (value) => `${Math.round(value)} ms`;
  return [
    `Run ${date} on ${cpus().length} CPUs; Chromium ${br.browserVersion} (playwright-core), Lighthouse ${lh.version}; the built portal served by the server with the demo data; the machine was ${busy} % busy with other work just before the run.`,
    "",
    "| Benchmark | Figure | Before (issue 9, same measure) | Target | Result |",
    "| --- | --- | --- | --- | --- |",
    `| JavaScript before the login form is usable (\`/v3/login\`, nothing cached; ${gz.login.files} files) | ${kb(gz.login.encoded)} gzip, ${kb(br.login.encoded)} brotli (${kb(br.login.decoded)} unpacked) | ≈ ${BEFORE.loginGzipKb} KB gzip (${(BEFORE.loginJsKb / 1000).toFixed(1)} MB unpacked, sent uncompressed) | < ${TARGETS.loginGzipKb} KB gzip | ${met(gz.login.encoded < TARGETS.loginGzipKb * KB)} |`,
    `| JavaScript before the events panel is usable (\`/v3/events\` signed in, nothing cached; ${gz.events.files} files) | ${kb(gz.events.encoded)} gzip, ${kb(br.events.encoded)} brotli (${kb(br.events.decoded)} unpacked) | the same ≈ ${BEFORE.loginGzipKb} KB gzip (one bundle for every route) | < ${TARGETS.eventsGzipKb} KB gzip | ${met(gz.events.encoded < TARGETS.eventsGzipKb * KB)} |`,
    `| Lighthouse mobile, login page: performance (median of ${runs.length} runs: ${perfs}) | ${lh.performance} (FCP ${seconds(lh.fcp)}, LCP ${seconds(lh.lcp)}, TBT ${Math.round(lh.tbt)} ms, CLS ${lh.cls.toFixed(3)}) | ${BEFORE.performance} (FCP ${BEFORE.fcpSeconds} s) | ≥ ${TARGETS.performance} | ${met(lh.performance >= TARGETS.performance)} |`,
    `| Lighthouse mobile, login page: accessibility | ${lh.accessibility} | — | ${TARGETS.accessibility} | ${met(lh.accessibility >= TARGETS.accessibility)} |`,
    `| Lighthouse mobile, login page: best practices | ${lh.bestPractices} | — | ${TARGETS.bestPractices} | ${met(lh.bestPractices >= TARGETS.bestPractices)} |`,
    `| Lighthouse mobile, events panel (\`/v3/events\` signed in as ${OPERATOR.email}, nothing cached): performance (median of ${events.runs.length} runs: ${events.scores}) | ${events.performance} (FCP ${seconds(events.fcp)}, LCP ${seconds(events.lcp)}, TBT ${ms(events.tbt)}, CLS ${events.cls.toFixed(3)}) | ${BEFORE_EVENTS.performance} | ≥ ${TARGETS.performance} | ${met(events.performance >= TARGETS.performance)} |`,
    `| Lighthouse mobile, events panel: total blocking time (median of ${events.runs.length} runs: ${events.runs.map((r) => Math.round(r.tbt)).join(", ")} ms) | ${ms(events.medianTbt)} | ${BEFORE_EVENTS.tbt} | < ${TARGETS.eventsTbtMs} ms | ${met(events.medianTbt < TARGETS.eventsTbtMs)} |`,
    // BENCH_WEB_TRACE_RUNS=0 leaves the traces out, and their row.
    ...(trace ? [`| Events panel's main thread on load (a trace on Lighthouse's mobile screen, CPU ${CPU_SLOWDOWN}× slower; median of ${traces.length}: ${traces.map((t) => Math.round(t.cpu)).join(", ")} ms) | ${ms(trace.cpu)} of CPU, ${ms(trace.cpuToFirstRow)} before the first row (${ms(trace.wall)} of tasks at the slowed CPU; blocking ${ms(trace.blocking)} after FCP) | see the Analysis (issue 36) | — | — |`] : []),
    "",
    "Other figures of this run:",
    `- Once the network is idle the login page has ${kb(gz.loginIdle.encoded)} gzip of JavaScript (${gz.loginIdle.files} files), the events panel ${kb(gz.eventsIdle.encoded)} (${gz.eventsIdle.files} files): what loads after the route is usable (a lazy piece a route opens at once, the map worker…).`,
    `- Signing in from the login page, the panel is usable after ${kb(gz.journey.encoded)} gzip in all (${gz.journey.files} files): the login page's plus ${kb(gz.journey.encoded - gz.loginIdle.encoded)}.`,
    `- Encodings the server answered the script requests with: ${br.encodings.join(", ")} (browser's own Accept-Encoding), ${gz.encodings.join(", ")} (Accept-Encoding: gzip).`,
    lh.failing.length ? `- Audits of the median Lighthouse run that cost points: ${lh.failing.join("; ")}.` : "- No scored Lighthouse audit of the median run cost a point.",
    `- Events panel, Lighthouse's median run: accessibility ${events.accessibility}, best practices ${events.bestPractices}, speed index ${seconds(events.speedIndex)}; the machine was ${busyEvents} % busy with other work just before its runs.`,
    events.failing.length ? `- Audits of the events panel's median Lighthouse run that cost points: ${events.failing.join("; ")}.` : "- No scored Lighthouse audit of the events panel's median run cost a point.",
    ...(trace ? [`- The events panel's median trace: ${describeSummary(trace, { functions: false }).map((line) => line.trim()).join("; ")}.`] : []),
  ].join("\n");
}

function writeReadme(text) {
  const start = "<!-- bench:web:start -->";
  const end = "<!-- bench:web:end -->";
  // Read right before writing: other benchmarks write their own blocks of the same file.
  const readme = readFileSync(README, "utf8");
  const block = `${start}\n${text}\n${end}`;
  const next = readme.includes(start)
    ? readme.replace(new RegExp(`${start}[\\s\\S]*?${end}`), () => block)
    : `${readme.trimEnd()}\n\n## Portal load (login page and events panel)\n\n${block}\n`;
  writeFileSync(README, next);
}


/** LIGHTHOUSE_RUNS Lighthouse runs of a page, logged as they come. */
async function lighthouseSeries(path, storageState) {
  const runs = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    const run = await lighthouseRun(path, storageState);
    log(`lighthouse ${path} ${i + 1}/${LIGHTHOUSE_RUNS}: performance ${run.performance}, accessibility ${run.accessibility}, best practices ${run.bestPractices}; FCP ${seconds(run.fcp)}, LCP ${seconds(run.lcp)}, TBT ${Math.round(run.tbt)} ms`);
    for (const audit of run.failing) log(`  ${audit}`);
    runs.push(run);
  }
  return runs;
}

/** Starts the server, measures, stops everything it started; returns the results text. */
export async function web() {
  if (!existsSync(SERVER) || !existsSync(WEB_INDEX)) throw new Error("packages/server/dist or packages/web/dist is missing: run `npm run build` first");
  const dataDir = tempDataDir("atalaya-bench-web-");
  const server = await startServer(dataDir);
  let browser;
  try {
    const busy = await machineBusy();
    log(`server ready on ${BASE}; the machine is ${busy} % busy with other work`);
    browser = await chromium.launch(BROWSER);
    const gz = await measureScripts(browser, "gzip");
    const br = { ...(await measureScripts(browser, "br")), browserVersion: browser.version() };
    await browser.close();
    browser = undefined;
    log(`login usable after ${kb(gz.login.encoded)} gzip / ${kb(br.login.encoded)} br / ${kb(br.login.decoded)} of JavaScript (${gz.login.files} files)`);
    log(`  ${gz.login.urls.join(" ")}`);
    log(`events panel usable after ${kb(gz.events.encoded)} gzip / ${kb(br.events.encoded)} br / ${kb(br.events.decoded)} (${gz.events.files} files)`);
    log(`  ${gz.events.urls.join(" ")}`);
    // BENCH_WEB_LIGHTHOUSE_RUNS=0: the byte figures above alone, the README left as it is.
    if (LIGHTHOUSE_RUNS === 0) return "no Lighthouse runs asked (BENCH_WEB_LIGHTHOUSE_RUNS=0): the figures are the log's";
    const runs = await lighthouseSeries("/v3/login");
    const lh = medianRun(runs);
    // The events panel, signed in as an operator: Lighthouse, then the traces of its main thread.
    browser = await chromium.launch(BROWSER);
    const operator = await signedInState(browser, BASE, OPERATOR);
    const busyEvents = await machineBusy();
    const eventRuns = await lighthouseSeries("/v3/events", operator);
    const events = { ...medianRun(eventRuns), runs: eventRuns };
    const traces = await tracePanelLoads(browser, BASE, operator, TRACE_RUNS);
    for (const [i, trace] of traces.entries()) for (const line of [`trace ${i + 1}/${traces.length}:`, ...describeSummary(trace)]) log(line);
    await browser.close();
    browser = undefined;
    const text = resultsText({ br, gz, lh, runs, events, traces, busy, busyEvents });
    // BENCH_WEB_README=0: figures in the log only (a trial run), the README left as it is.
    if (process.env.BENCH_WEB_README !== "0") writeReadme(text);
    return text;
  } finally {
    await browser?.close();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Another part asked for alone (BENCH_ONLY=intake, fanout, million or dashboard): nothing to do here.
  if (process.env.BENCH_ONLY !== undefined && process.env.BENCH_ONLY !== "web") process.exit(0);
  const deadline = setTimeout(() => {
    console.error(`bench web: still running after ${DEADLINE_MS / 60_000} minutes; stopping`);
    process.exit(1);
  }, DEADLINE_MS);
  deadline.unref();
  web().then(
    (text) => {
      console.log(`\n${text}`);
      process.exit(0);
    },
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
