// The duplicate suggestion query of issue 18 at a million reports: for each of 300 open reports of the
// largest company (the "new" report), the one statement that finds the open reports of its type within
// its radius and window (packages/server/src/duplicates/duplicates.repository.ts, run as the server runs
// it), timed beside its reference: an index-only count of the same type-and-window rows on the index the
// statement starts from (reports_type_time_idx). Target: p95 under 20 ms.
//
//   node bench/duplicates.mjs       (after `npm run build`; PostgreSQL, the data set of bench/data.mjs)
//   BENCH_DATA_DATABASE_URL=postgres://…/atalaya_bench_other node bench/duplicates.mjs   (another data set)
//
// 3 rounds over the same 300 reports after one warm-up pass; the round with the median p95 is the figure
// (other work on this shared machine comes in bursts). Figures are printed; bench/README.md keeps them.
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { DATA_DATABASE_URL, ensureData } from "./data.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = (path) => import(pathToFileURL(join(ROOT, "packages/server/dist", path)).href);
const SAMPLE = 300;
const ROUNDS = 3;
const TARGET_P95_MS = 20;

const log = (line) => console.log(`[duplicates ${new Date().toTimeString().slice(0, 8)}] ${line}`);
const round = (n, digits = 2) => Number(n.toFixed(digits));
const quantile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
const stats = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: round(quantile(sorted, 0.5)), p95: round(quantile(sorted, 0.95)), max: round(sorted.at(-1)) };
};

const info = await ensureData();
const [{ openDatabase }, { findSuggestions }] = await Promise.all([dist("db/open.js"), dist("duplicates/duplicates.repository.js")]);
const db = await openDatabase({ databaseUrl: DATA_DATABASE_URL, dataDir: "" });
try {
  const [company] = await db.query("select company_id as id, count(*)::int as n from report_attentions group by company_id order by n desc limit 1");
  const scope = { companyId: company.id, restrictions: { zoneIds: [], reportTypeIds: [], onlyAssignedTo: null } };
  // The open reports of the company, newest first: those a suggestion is asked for.
  const sample = await db.query(
    `select r.id, r.type_id, r.created_at,
            coalesce(crt.duplicate_window_minutes, case when rt.category_id = 3 then 1440 else 120 end) as win
       from report_attentions a join reports r on r.id = a.report_id join report_types rt on rt.id = r.type_id
       left join company_report_types crt on crt.company_id = a.company_id and crt.report_type_id = r.type_id
      where a.company_id = $1 and a.status in ('pending', 'in_progress', 'in_observation')
      order by r.created_at desc limit $2`,
    [company.id, SAMPLE],
  );
  const reference = (r) =>
    db.query("select count(*)::int as n from reports where type_id = $1 and created_at >= $2::timestamptz - make_interval(mins => $3::int) and created_at <= $2", [
      r.type_id,
      r.created_at,
      r.win,
    ]);
  const plan = await db.query(
    `explain (analyze, buffers off, timing off, summary off) select count(*) from reports where type_id = $1 and created_at >= $2::timestamptz - make_interval(mins => $3::int) and created_at <= $2`,
    [sample[0].type_id, sample[0].created_at, sample[0].win],
  );
  log(`company ${company.id}: ${company.n.toLocaleString("en")} attentions, ${sample.length} open reports sampled; reference plan: ${plan.map((p) => p["QUERY PLAN"]).join(" / ")}`);

  for (const r of sample) {
    await findSuggestions(db, scope, [r.id]);
    await reference(r);
  }
  const rounds = [];
  for (let k = 0; k < ROUNDS; k++) {
    const query = [];
    const ref = [];
    let found = 0;
    let window = 0;
    for (const r of sample) {
      let t = performance.now();
      found += (await findSuggestions(db, scope, [r.id])).length;
      query.push(performance.now() - t);
      t = performance.now();
      window += (await reference(r))[0].n;
      ref.push(performance.now() - t);
    }
    rounds.push({ query: stats(query), reference: stats(ref), suggestions: round(found / sample.length), windowRows: round(window / sample.length, 1) });
    log(`round ${k + 1}: query ${JSON.stringify(rounds.at(-1).query)} ms, reference ${JSON.stringify(rounds.at(-1).reference)} ms`);
  }
  const median = [...rounds].sort((a, b) => a.query.p95 - b.query.p95)[Math.floor(ROUNDS / 2)];
  const result = { reports: info.reports, companies: info.companies, ...median, targetP95Ms: TARGET_P95_MS, met: median.query.p95 < TARGET_P95_MS };
  log(`result: ${JSON.stringify(result)}`);
  console.log(JSON.stringify(result));
} finally {
  await db.close();
}
