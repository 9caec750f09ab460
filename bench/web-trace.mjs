// Where the events panel's main-thread time goes on load (issue 36): a Chrome trace of `/v3/events`
// opened by a signed-in operator in a fresh profile (nothing cached), on Lighthouse's mobile screen with
// the CPU slowed 4× as its mobile preset does, read with Lighthouse's own trace model (the tasks and
// groups of its "main-thread work" and "JavaScript execution time" audits). Lighthouse itself simulates
// the slowdown from an unthrottled load, so its score moves with the machine; the main thread's time in
// the same throttled trace, run several times, is the figure that compares a change.
//
//   node bench/web-trace.mjs [base URL] [runs]   (a running portal, e.g. http://127.0.0.1:8530; 3 runs)
//
// bench/web.mjs uses tracePanelLoads() for its "main thread" row.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CpuProfileModel } from "lighthouse/core/lib/tracehouse/cpu-profile-model.js";
import { MainThreadTasks } from "lighthouse/core/lib/tracehouse/main-thread-tasks.js";
import { TraceProcessor } from "lighthouse/core/lib/tracehouse/trace-processor.js";
import { chromium } from "playwright-core";
import { machineBusy } from "./lib.mjs";

/** Debian's Chromium, or CHROME_PATH. */
export const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** Lighthouse's mobile preset: a Moto G Power screen and a 4× slower CPU. */
export const MOBILE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
export const CPU_SLOWDOWN = 4;
/** The panel counts as settled once its main thread has had this long without a task over 50 ms. */
const QUIET_MS = 3000;
const LONG_TASK_MS = 50;
// What Lighthouse records for its own traces (core/gather/gatherers/trace.js), the CPU profiler included.
const CATEGORIES = [
  "-*",
  "disabled-by-default-lighthouse",
  "loading",
  "v8",
  "v8.execute",
  "blink.user_timing",
  "blink.console",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "disabled-by-default-devtools.timeline.stack",
  "disabled-by-default-v8.cpu_profiler",
  "toplevel",
];

const round = (ms) => Math.round(ms);

/** Signs in through the login form; the browser storage of a signed-in operator. */
export async function signedInState(browser, base, credentials) {
  const context = await browser.newContext({ locale: "es-CL", timezoneId: "America/Santiago", serviceWorkers: "block" });
  const page = await context.newPage();
  await page.goto(`${base}/v3/login`);
  await page.locator("#root:not([data-prerendered])").waitFor({ state: "attached", timeout: 60_000 });
  await page.getByRole("textbox", { name: "Correo electrónico" }).fill(credentials.email);
  await page.getByLabel("Contraseña").fill(credentials.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await page.getByTestId("report-row").first().waitFor({ state: "visible", timeout: 60_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/** One load of `/v3/events` in a fresh context under the mobile preset; its trace and the moment (trace
 * clock, µs) the first row was visible. */
async function tracePanelLoad(browser, base, storageState) {
  const context = await browser.newContext({ ...MOBILE, storageState, locale: "es-CL", timezoneId: "America/Santiago", serviceWorkers: "block" });
  const page = await context.newPage();
  // The portal's origin first (a text answer, nothing of the portal cached): the panel then loads in a
  // renderer already traced from its start, whose navigation the trace holds.
  await page.goto(`${base}/readyz`);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(`${base}/v3/events`);
  await page.getByTestId("report-row").first().waitFor({ state: "visible", timeout: 120_000 });
  await page.evaluate(() => performance.mark("atalaya:first-row"));
  const rows = await page.getByTestId("report-row").count();
  await quiet(page);
  const raw = await browser.stopTracing();
  // BENCH_WEB_TRACE_DIR: each trace kept there too, to open in Chrome's performance panel.
  if (process.env.BENCH_WEB_TRACE_DIR) writeFileSync(`${process.env.BENCH_WEB_TRACE_DIR}/events-${Date.now()}.json`, raw);
  const trace = JSON.parse(raw.toString("utf8"));
  await context.close();
  return { trace, rows };
}

/** Waits until the page has gone QUIET_MS without a long task (at most 30 s). */
async function quiet(page) {
  await page.evaluate(
    ({ quietMs, longMs }) =>
      new Promise((resolve) => {
        let last = performance.now();
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (entry.duration > longMs) last = Math.max(last, entry.startTime + entry.duration);
        }).observe({ type: "longtask", buffered: true });
        const started = performance.now();
        const check = () => (performance.now() - last >= quietMs || performance.now() - started > 30_000 ? resolve() : setTimeout(check, 250));
        check();
      }),
    { quietMs: QUIET_MS, longMs: LONG_TASK_MS },
  );
}

/** The scripts' short names: a chunk's name without its hash, or the page. */
function shortUrl(url) {
  if (!url) return "(no script)";
  const path = new URL(url).pathname;
  const file = path.split("/").pop() ?? path;
  return file.replace(/-[A-Za-z0-9_-]{8}\.js$/, ".js") || path;
}

/** Thread (CPU) time of a task in ms: its trace event's `tdur`, the wall time when the event has none. */
const cpuOf = (task) => (task.event.tdur ?? task.event.dur ?? 0) / 1000;

/** The sampled JavaScript profile of the main thread: self time by script and by function (ms). Each
 * renderer numbers its profiles from 0x1, so they are told apart by process (Lighthouse's collector
 * merges them when a trace holds two renderers). */
function profileOf(trace, pid, tid, origin, until) {
  const ofProcess = trace.traceEvents.filter((e) => e.pid === pid);
  const profile = CpuProfileModel.collectProfileEvents(ofProcess).find((p) => p.tid === tid);
  const byScript = {};
  const byFunction = {};
  if (!profile) return { byScript, byFunction };
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  let ts = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    ts += profile.timeDeltas[i] ?? 0;
    const next = profile.timeDeltas[i + 1] ?? 0;
    if (ts < origin || ts > until) continue;
    const frame = nodes.get(profile.samples[i])?.callFrame;
    if (!frame || frame.functionName === "(idle)") continue;
    const script = frame.url ? shortUrl(frame.url) : frame.functionName;
    byScript[script] = (byScript[script] ?? 0) + next / 1000;
    const fn = `${frame.functionName || "(anonymous)"} ${script}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    byFunction[fn] = (byFunction[fn] ?? 0) + next / 1000;
  }
  return { byScript, byFunction };
}

/**
 * Reads a trace with Lighthouse's model: the main thread's time (CPU, and wall as the throttled page
 * lived it) from navigation to the first visible row and to the end (settled), its CPU time by
 * Lighthouse's task groups, the sampled profile by script and function, the blocking time after the
 * first paint (each task's wall time over 50 ms) and the longest tasks.
 */
export function summariseTrace(trace) {
  const processed = TraceProcessor.processTrace(trace);
  const navigation = TraceProcessor.processNavigation(processed);
  const origin = processed.timeOriginEvt.ts;
  const firstRowEvt = processed.mainThreadEvents.find((e) => e.name === "atalaya:first-row");
  const firstRow = firstRowEvt ? (firstRowEvt.ts - origin) / 1000 : NaN;
  const fcp = navigation.timings.firstContentfulPaint ?? 0;
  const tasks = MainThreadTasks.getMainThreadTasks(processed.mainThreadEvents, processed.frames, processed.timestamps.traceEnd, processed.timestamps.traceStart)
    .map((task) => ({ ...task, start: (task.event.ts - origin) / 1000 }))
    .filter((task) => task.start >= 0);
  const topLevel = tasks.filter((task) => !task.parent);
  const sum = (list, f) => list.reduce((total, x) => total + f(x), 0);
  const cpuByGroup = {};
  for (const task of tasks) {
    const self = Math.max(0, cpuOf(task) - sum(task.children, cpuOf));
    cpuByGroup[task.group.id] = (cpuByGroup[task.group.id] ?? 0) + self;
  }
  const beforeRow = topLevel.filter((task) => task.start < firstRow);
  const { pid, tid } = processed.mainThreadEvents[0];
  return {
    fcp,
    firstRow,
    cpu: sum(topLevel, cpuOf),
    cpuToFirstRow: sum(beforeRow, cpuOf),
    wall: sum(topLevel, (task) => task.duration),
    blocking: sum(topLevel.filter((task) => task.start >= fcp), (task) => Math.max(0, task.duration - LONG_TASK_MS)),
    cpuByGroup,
    profile: profileOf(trace, pid, tid, origin, processed.timestamps.traceEnd),
    longest: [...topLevel].sort((a, b) => b.duration - a.duration).slice(0, 6).map((task) => ({
      start: task.start,
      duration: task.duration,
      cpu: cpuOf(task),
    })),
  };
}

/** `runs` traced loads of the panel (fresh context each); each run's summary and the rows it showed. */
export async function tracePanelLoads(browser, base, storageState, runs) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const { trace, rows } = await tracePanelLoad(browser, base, storageState);
    results.push({ ...summariseTrace(trace), rows });
  }
  return results;
}

const top = (record, n) =>
  Object.entries(record)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => `${name} ${round(ms)}`)
    .join(", ");

/** The summary as lines to read; `functions: false` leaves out the sampled functions (minified names,
 * for the log rather than the README). */
export function describeSummary(s, { functions = true } = {}) {
  return [
    `main thread ${round(s.cpu)} ms CPU (${round(s.wall)} ms wall at ${CPU_SLOWDOWN}× slowdown), ${round(s.cpuToFirstRow)} ms CPU before the first row at ${round(s.firstRow)} ms (FCP ${round(s.fcp)} ms); blocking ${round(s.blocking)} ms after FCP; ${s.rows} rows in the DOM`,
    `  CPU by group (ms): ${top(s.cpuByGroup, 10)}`,
    `  sampled, by script (ms): ${top(s.profile.byScript, 16)}`,
    ...(functions ? [`  sampled, by function (ms): ${top(s.profile.byFunction, 25)}`] : []),
    `  longest tasks (wall ms at start, cpu): ${s.longest.map((t) => `${round(t.duration)} at ${round(t.start)} (${round(t.cpu)})`).join("; ")}`,
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const base = process.argv[2] ?? "http://127.0.0.1:8530";
  const runs = Number(process.argv[3] ?? 3);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run", "--disable-component-update", "--disable-sync"] });
  try {
    const state = await signedInState(browser, base, { email: process.env.BENCH_WEB_USER ?? "operador@demo.cl", password: "Atalaya2026" });
    const busy = await machineBusy();
    const summaries = await tracePanelLoads(browser, base, state, runs);
    console.log(`the machine was ${busy} % busy with other work just before`);
    for (const [i, summary] of summaries.entries()) for (const line of [`run ${i + 1}:`, ...describeSummary(summary)]) console.log(line);
  } finally {
    await browser.close();
  }
}
