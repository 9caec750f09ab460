// The dashboards and maps benchmarks of issue 10, each through its HTTP route beside a plain indexed
// count(*) over the same rows in the same run, on PostgreSQL with the 1,000,000-report data set of
// bench/data.mjs (100 companies).
//
//   node bench/dashboard.mjs          (after `npm run build`; `npm run bench` runs it with the others)
//
// The company measured is the largest of each set (the first, in Santiago), signed in as its admin; its
// summary is measured without and then with the statistics_v2 module (which also reads the 90 days before).
// Each route gets 10 warm-up requests, then 3 rounds of 100 timed ones one at a time, and the round with
// the median p95 is the figure (other work on the machine comes in bursts); on PostgreSQL each request is
// followed by its reference query on a pg client.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { DATA_DATABASE_URL, ensureData } from "./data.mjs";
import { apiClient, machineBusy, startServer, stopServer } from "./lib.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SERVER = join(ROOT, "packages/server/dist/server.js");
const README = join(ROOT, "bench/README.md");
const PORT = 8321;
const TARGETS = { summaryP95Ms: 150, heatP95Ms: 150, pendingP95Ms: 20, generatorSeconds: 180 };
const WARMUP = 10;
const REQUESTS = 100;
const ROUNDS = 3;
/** How long to wait for other work on the machine to calm down before each part. */
const QUIET_WAIT_MS = Number(process.env.BENCH_QUIET_WAIT_SECONDS ?? 120) * 1000;

const log = (line) => console.log(`[dashboard ${new Date().toTimeString().slice(0, 8)}] ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n, digits = 1) => Number(n.toFixed(digits));
const quantile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
const stats = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { min: round(sorted[0]), p50: round(quantile(sorted, 0.5)), p95: round(quantile(sorted, 0.95)), max: round(sorted.at(-1)) };
};
const fmt = (n) => n.toLocaleString("en");

/** % of the machine busy over 2 s, waiting (up to 2 minutes, BENCH_QUIET_WAIT_SECONDS) for other work to
 * calm down as bench/run.mjs does: the server, the database and the client share the CPUs with whatever else runs. */
async function quietMachine() {
  const until = Date.now() + QUIET_WAIT_MS;
  for (;;) {
    const busy = await machineBusy();
    if (busy <= 20 || Date.now() > until) return busy;
    log(`the machine is ${busy} % busy with other work (load average ${loadavg()[0].toFixed(1)}); waiting for it to calm down`);
    await sleep(3000);
  }
}


/** Starts the built server on the data set's database; resolves when ready. */
function startOn(databaseUrl) {
  return startServer({ port: PORT, logName: "dashboard-postgres", timeoutMs: 180_000, env: { ATALAYA_SEED: "none", DATABASE_URL: databaseUrl } });
}


async function timed(fn) {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

// ---------------------------------------------------------------------------------------------------
// What is measured

/** What is measured, as the portal asks it (the events panel's pending tab: newest first, 100 a page),
 * each with its reference: the plain count(*) of the same rows through the index the route starts from.
 * The summary is measured as most companies get it, then with the statistics_v2 module (the company's
 * modules are switched by SQL between the two; the server reads them on every request), which also
 * reads the 90 days before. */
const MEASURES = [
  {
    kind: "summary", v2: false, path: (c) => `/api/companies/${c}/dashboard/summary?period=90`,
    reference: "select count(*)::int as n from report_attentions where company_id = $1 and created_at >= now() - interval '90 days' and created_at < now()",
  },
  {
    kind: "heat", v2: false, path: (c) => `/api/companies/${c}/maps/heat?period=30&zoom=12`,
    reference: "select count(*)::int as n from report_attentions where company_id = $1 and created_at >= now() - interval '30 days' and created_at < now()",
  },
  {
    kind: "pending", v2: false, path: (c) => `/api/companies/${c}/reports/rows?status=pending&sort=newest&offset=0&limit=100`,
    reference: "select count(*)::int as n from report_attentions where company_id = $1 and status = 'pending' and deleted_at is null",
  },
  {
    kind: "summaryV2", v2: true, path: (c) => `/api/companies/${c}/dashboard/summary?period=90`,
    reference: "select count(*)::int as n from report_attentions where company_id = $1 and created_at >= now() - interval '180 days' and created_at < now()",
  },
];

/** Turns the statistics_v2 module of the company on or off (`q(sql, params)` on its database). */
const setStatisticsV2 = (q, companyId, on) =>
  q("update companies set modules = array_remove(modules, 'statistics_v2') || case when $2 then array['statistics_v2'] else '{}'::text[] end where id = $1", [companyId, on]);

/** What a response says about its size, for the table. */
function sizeOf(kind, body) {
  if (kind === "summary" || kind === "summaryV2") return { reports: body.total + body.counters.false };
  if (kind === "heat") return { cells: body.collection.features.length, reports: body.total };
  return { listed: body.reports.length, total: body.total };
}

/** The round whose p95 is the median of the rounds', with every round's p95: other work on the machine
 * comes in bursts, and one burst should not make or break a figure (bench/run.mjs does the same). */
function medianRound(rounds, key) {
  const sorted = [...rounds].sort((a, b) => a[key].p95 - b[key].p95);
  return { ...sorted[Math.floor(sorted.length / 2)][key], rounds: rounds.map((r) => r[key].p95) };
}

/** 10 warm-up requests of a route, then ROUNDS rounds of 100 timed ones, each followed by its reference
 * when `reference` is given (a function running it once). */
async function measure(api, token, path, kind, reference) {
  let body;
  for (let i = 0; i < WARMUP; i++) {
    body = await api("GET", path, undefined, token);
    if (reference) await reference();
  }
  const rounds = [];
  let rows;
  for (let round = 0; round < ROUNDS; round++) {
    const samples = [];
    const refs = [];
    for (let i = 0; i < REQUESTS; i++) {
      samples.push((await timed(() => api("GET", path, undefined, token))).ms);
      if (reference) {
        const r = await timed(reference);
        refs.push(r.ms);
        rows = r.value;
      }
    }
    rounds.push({ api: stats(samples), ref: reference ? stats(refs) : undefined });
  }
  return { api: medianRound(rounds, "api"), ref: reference ? medianRound(rounds, "ref") : undefined, rows, size: sizeOf(kind, body) };
}

async function signIn(api, email, password) {
  const login = await api("POST", "/api/login", { email, password });
  return login.user.access_token;
}

/** PostgreSQL: the million-report set, the server on it, references on a pg client beside each request. */
async function postgresPart() {
  const data = await ensureData();
  const busy = await quietMachine();
  log(`PostgreSQL: the machine is ${busy} % busy (load average ${loadavg()[0].toFixed(1)})`);
  const server = await startOn(DATA_DATABASE_URL);
  const db = new pg.Client({ connectionString: DATA_DATABASE_URL });
  await db.connect();
  const q = async (sql, params) => (await db.query(sql, params)).rows;
  const company = data.benchCompanyId;
  const [{ modules }] = await q("select modules from companies where id = $1", [company]);
  try {
    const version = (await q("select version()"))[0].version.split(" on ")[0];
    const api = apiClient(`http://127.0.0.1:${PORT}`);
    const token = await signIn(api, data.benchAdmin, data.password);
    const year = (await q("select count(*)::int as n from report_attentions where company_id = $1", [company]))[0].n;
    const results = {};
    for (const m of MEASURES) {
      await setStatisticsV2(q, company, m.v2);
      log(`PostgreSQL: ${m.path(company)}${m.v2 ? " (statistics v2)" : ""}`);
      results[m.kind] = await measure(api, token, m.path(company), m.kind, async () => (await q(m.reference, [company]))[0].n);
      log(`  p50 ${results[m.kind].api.p50} ms, p95 ${results[m.kind].api.p95} ms (rounds ${results[m.kind].api.rounds.join(", ")}; count(*) of ${fmt(results[m.kind].rows)} rows: p95 ${results[m.kind].ref.p95} ms)`);
    }
    return { data, busy, version, year, results };
  } finally {
    await q("update companies set modules = $2 where id = $1", [company, modules]);
    await db.end();
    await stopServer(server);
  }
}

// ---------------------------------------------------------------------------------------------------
// Results

const met = (ok) => (ok ? "met" : "**not met**");

function rowsOf(engine, r, judge) {
  const { summary: s, summaryV2: v, heat: h, pending: p } = r.results;
  const runs = `${ROUNDS} rounds of ${REQUESTS} requests`;
  const figure = (m) => `p50 ${m.api.p50} ms, p95 ${m.api.p95} ms (p95 of each round: ${m.api.rounds.join(", ")}; fastest ${m.api.min} ms)`;
  const ref = (m) => `p50 ${m.ref.p50} ms, p95 ${m.ref.p95} ms`;
  return [
    `| Dashboard summary, ${engine} (\`GET …/dashboard/summary?period=90\`: ${fmt(s.size.reports)} reports; ${runs}) | ${figure(s)} | \`count(*)\` of the company's attentions of those 90 days (${fmt(s.rows)}, index only): ${ref(s)} | p95 < ${TARGETS.summaryP95Ms} ms | ${judge(s.api.p95 < TARGETS.summaryP95Ms)} |`,
    `| The same with statistics v2 (the company's module on: the 90 days before are read too) | ${figure(v)} | \`count(*)\` of its attentions of the 180 days (${fmt(v.rows)}, index only): ${ref(v)} | p95 < ${TARGETS.summaryP95Ms} ms | ${judge(v.api.p95 < TARGETS.summaryP95Ms)} |`,
    `| Heat map, ${engine} (\`GET …/maps/heat?period=30&zoom=12\`: ${fmt(h.size.reports)} reports in ${fmt(h.size.cells)} cells; ${runs}) | ${figure(h)} | \`count(*)\` of the company's attentions of those 30 days (${fmt(h.rows)}, index only): ${ref(h)} | p95 < ${TARGETS.heatP95Ms} ms | ${judge(h.api.p95 < TARGETS.heatP95Ms)} |`,
    `| Events panel pending list, ${engine} (\`GET …/reports/rows?status=pending&sort=newest&limit=100\`: ${p.size.listed} of ${fmt(p.size.total)}, with the tab counters; ${runs}) | ${figure(p)} | \`count(*)\` of the company's live pending attentions (${fmt(p.rows)}, index only): ${ref(p)} | p95 < ${TARGETS.pendingP95Ms} ms | ${judge(p.api.p95 < TARGETS.pendingP95Ms)} |`,
  ];
}

function resultsText(pgr) {
  const d = pgr.data;
  const generated = d.built ? `generated in ${d.totalSeconds} s this run` : `reused, generated in ${d.totalSeconds} s on ${d.builtAt.slice(0, 16).replace("T", " ")} UTC`;
  const seconds = d.totalSeconds;
  return [
    `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${cpus().length} CPUs; ${pgr.version}: ${fmt(d.reports)} reports of ${d.companies} companies, ${fmt(d.attentions)} attentions, ${fmt(d.activity)} activity entries (database ${new URL(DATA_DATABASE_URL).pathname.slice(1)}, ${generated}). Measured: the largest company, signed in as its admin (${fmt(pgr.year)} attentions in the year). Server, database and client share the CPUs; the machine was ${pgr.busy} % busy with other work just before${pgr.busy > 20 ? " (**figures are pessimistic**)" : ""}.`,
    "",
    "| Benchmark | Figure | Reference (same run) | Target | Result |",
    "| --- | --- | --- | --- | --- |",
    `| Data generator (\`npm run bench:data\`: ${fmt(d.reports)} reports, their attentions and activity, users, zones; set-based SQL, indexes built after the load) | ${seconds} s | — | < 3 min | ${met(seconds < TARGETS.generatorSeconds)} |`,
    ...rowsOf("PostgreSQL", pgr, met),
  ].join("\n");
}

function writeReadme(text) {
  const start = "<!-- bench:dashboard:start -->";
  const end = "<!-- bench:dashboard:end -->";
  const readme = readFileSync(README, "utf8");
  const block = `${start}\n${text}\n${end}`;
  const next = readme.includes(start) ? readme.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block) : `${readme.trimEnd()}\n\n## Dashboards and maps (a million reports across 100 companies)\n\n${block}\n`;
  writeFileSync(README, next);
}

/** Measures, writes the README and returns the text. */
export async function dashboard() {
  if (!existsSync(SERVER)) throw new Error("packages/server/dist is missing: run `npm run build` first");
  const text = resultsText(await postgresPart());
  writeReadme(text);
  return text;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Another part asked for alone (BENCH_ONLY=intake, fanout, million or web): nothing to do here.
  if (process.env.BENCH_ONLY !== undefined && process.env.BENCH_ONLY !== "dashboard") process.exit(0);
  dashboard().then(
    (text) => console.log(`\n${text}`),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
