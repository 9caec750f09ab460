// What two everyday actions cost the machine in Chromium (issues 31 and 36): loading `/v3/events` signed
// in as an operator, in a fresh context (nothing cached, as every browser test starts), and opening the
// first report from it. The CPU of every Chromium process is read from /proc before and after each action
// (Linux only), so the browser, network and GPU processes' share of each request is in it, not only the
// page's main thread that web-trace.mjs reads. Runs of three move by ±15 %: compare medians of ten.
//
//   node bench/web-actions.mjs [base URL] [rounds]   (a running portal, e.g. http://127.0.0.1:8090; 10 rounds)
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { cpuSeconds } from "./harness.mjs";
import { median } from "./lib.mjs";
import { CHROMIUM } from "./web-trace.mjs";

const OPERATOR = { email: "operador@demo.cl", password: "Atalaya2026" };

/** CPU seconds used so far by Chromium's processes: the renderers' and the others' (browser, GPU, utilities). */
function chromiumCpu() {
  const cpu = { renderer: 0, other: 0 };
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!cmdline.includes("chromium")) continue;
      cpu[cmdline.includes("--type=renderer") ? "renderer" : "other"] += cpuSeconds(pid);
    } catch {
      /* the process ended between the listing and the read */
    }
  }
  return cpu;
}

/** Times `action` by the Chromium CPU it costs and the requests it makes. */
async function measure(page, action) {
  const urls = [];
  const onRequest = (request) => urls.push(request.url());
  page.on("request", onRequest);
  const before = chromiumCpu();
  await action();
  const after = chromiumCpu();
  page.off("request", onRequest);
  return { renderer: after.renderer - before.renderer, other: after.other - before.other, requests: urls.length, scripts: urls.filter((u) => /\.m?js$/.test(u)).length };
}

/** `rounds` fresh contexts, each loading the panel and opening its first report; the per-action medians. */
export async function measureActions(base, rounds) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup"] });
  try {
    // Signed in as the browser tests sign in (e2e/pages/login-page.ts's signIn): the session stored
    // before the portal's first script runs, so each round costs what a test's first page does.
    const signIn = await browser.newContext();
    const res = await signIn.request.post(`${base}/api/login`, { data: OPERATOR });
    if (!res.ok()) throw new Error(`sign-in of ${OPERATOR.email}: ${res.status()}`);
    const { user } = await res.json();
    await signIn.close();
    const runs = { panel: [], report: [] };
    for (let round = 0; round < rounds; round++) {
      const context = await browser.newContext({ locale: "es-CL", timezoneId: "America/Santiago", reducedMotion: "reduce" });
      await context.addInitScript((session) => localStorage.setItem("atalaya.session", session), JSON.stringify({ token: user.access_token, userId: user.id }));
      const page = await context.newPage();
      runs.panel.push(
        await measure(page, async () => {
          await page.goto(`${base}/v3/events`);
          await page.getByTestId("report-row").first().waitFor();
          await page.waitForLoadState("networkidle");
        }),
      );
      runs.report.push(
        await measure(page, async () => {
          await page.getByTestId("report-row").first().click();
          await page.getByTestId("report-status").waitFor();
          await page.waitForLoadState("networkidle");
        }),
      );
      await context.close();
    }
    const summary = (list) => ({
      renderer: median(list.map((r) => r.renderer)),
      other: median(list.map((r) => r.other)),
      total: median(list.map((r) => r.renderer + r.other)),
      requests: median(list.map((r) => r.requests)),
      scripts: median(list.map((r) => r.scripts)),
    });
    return { panel: summary(runs.panel), report: summary(runs.report), rounds };
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const base = process.argv[2] ?? "http://127.0.0.1:8090";
  const rounds = Number(process.argv[3] ?? 10);
  const result = await measureActions(base, rounds);
  for (const [action, s] of [["load /v3/events", result.panel], ["open a report from it", result.report]]) {
    console.log(`${action}: ${s.total.toFixed(2)} CPU-s in Chromium (renderer ${s.renderer.toFixed(2)}, browser/network/GPU ${s.other.toFixed(2)}); ${s.requests} requests, ${s.scripts} scripts (medians of ${rounds})`);
  }
}
