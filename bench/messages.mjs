// Mass message delivery (issue 15): a message to a zone holding 100,000 generated app users, delivered
// by the server's own job code (packages/server/src/messages/delivery.ts: batches of 5,000, each its own
// short transaction with the cursor and the counts), timed beside its reference: one plain
// `INSERT … SELECT` of the same rows in the same run. While the delivery runs, the provider's pending
// list (the portal's queue) is asked again and again: its p99 says the portal keeps answering.
//
//   node bench/messages.mjs     (after `npm run build`; PostgreSQL at BENCH_PG_URL, default
//                                postgres://postgres@127.0.0.1:5432/postgres, in a database it creates and drops)
//
// Figures are printed and written to bench/README.md between the bench:messages markers.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const README = join(ROOT, "bench/README.md");
const dist = (path) => import(pathToFileURL(join(ROOT, "packages/server/dist", path)).href);
const ADMIN_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = `atalaya_bench_messages_${process.pid}`;
const USERS = Number(process.env.BENCH_MESSAGE_USERS ?? 100_000);

const log = (line) => console.log(`[messages ${new Date().toTimeString().slice(0, 8)}] ${line}`);
const round = (n, digits = 1) => Number(n.toFixed(digits));
const quantile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${DB_NAME}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${DB_NAME}`;
const [{ openDatabase }, { migrate }, { deliverMessage, MESSAGE_DELIVERY_JOB }, { listPendingMessages }] = await Promise.all([
  dist("db/open.js"),
  dist("db/migrate.js"),
  dist("messages/delivery.js"),
  dist("messages/message.repository.js"),
]);
const db = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
let figures;
try {
  await migrate(db);
  // One company, a square zone of about 11 × 11 km in Santiago, and the app users: four in five inside
  // (half by last location, half by home), the rest outside; set-based SQL.
  const [company] = await db.query(
    "insert into companies (name, bound_latitude, bound_longitude, modules) values ('Bench', -33.45, -70.65, '{messages}') returning id",
  );
  const ring = [[-70.7, -33.5], [-70.6, -33.5], [-70.6, -33.4], [-70.7, -33.4], [-70.7, -33.5]];
  const [zone] = await db.query(
    `insert into message_zones (company_id, name, geojson, area, fill_color, fill_opacity, line_color, line_weight)
     values ($1, 'Bench', $2, '((-70.7,-33.5),(-70.6,-33.5),(-70.6,-33.4),(-70.7,-33.4))'::polygon, '#F54286', 0.3, '#F54286', 2) returning id`,
    [company.id, JSON.stringify({ type: "Polygon", coordinates: [ring] })],
  );
  let began = performance.now();
  await db.query(`insert into users (email, first_name, last_name, groups) select 'app' || g || '@bench.cl', 'App', 'User', '{13}' from generate_series(1, $1) g`, [USERS]);
  await db.query(
    `insert into app_user_locations (user_id, last_latitude, last_longitude, home_latitude, home_longitude)
     select id,
            case when id % 2 = 0 then -33.5 + random() * (case when id % 5 = 0 then 0.3 else 0.1 end) end,
            case when id % 2 = 0 then -70.7 + random() * 0.1 end,
            case when id % 2 = 1 then -33.5 + random() * (case when id % 5 = 0 then 0.3 else 0.1 end) end,
            case when id % 2 = 1 then -70.7 + random() * 0.1 end
       from users`,
  );
  await db.query("analyze");
  log(`${USERS.toLocaleString("en")} app users generated in ${round((performance.now() - began) / 1000)} s`);

  const message = async (title) =>
    (await db.query("insert into messages (company_id, title, body, state, zone_id, sent_at) values ($1, $2, '<p>Bench</p>', 3, $3, now()) returning id", [company.id, title, zone.id]))[0].id;

  // The reference: the same rows in one statement.
  const plainId = await message("Plain");
  began = performance.now();
  const plain = await db.query(
    `insert into app_inbox (app_user_id, message_id, company_id)
     select l.user_id, $1, $2 from app_user_locations l
      where (l.last_latitude is not null and (select area from message_zones where company_id = $2 and id = $3) @> point(l.last_longitude, l.last_latitude))
         or (l.home_latitude is not null and (select area from message_zones where company_id = $2 and id = $3) @> point(l.home_longitude, l.home_latitude))
     returning 1`,
    [plainId, company.id, zone.id],
  );
  const plainMs = performance.now() - began;
  log(`plain INSERT … SELECT: ${plain.length.toLocaleString("en")} rows in ${round(plainMs)} ms`);

  // The job, as a worker runs it, with the pending list asked meanwhile.
  const jobId = (await db.query("insert into jobs (company_id, kind, payload) values ($1, $2, '{}') returning id", [company.id, MESSAGE_DELIVERY_JOB]))[0].id;
  const deliveredId = await message("Job");
  await db.query("update jobs set payload = $2 where id = $1", [jobId, JSON.stringify({ messageId: deliveredId })]);
  await db.query("update messages set delivery_job_id = $2 where id = $1", [deliveredId, jobId]);
  await db.query("insert into messages (company_id, title, state) select $1, 'Pendiente ' || g, 5 from generate_series(1, 20) g", [company.id]);
  const [job] = await db.query("select * from jobs where id = $1", [jobId]);
  let batches = 0;
  let delivering = true;
  const pendingMs = [];
  const probe = (async () => {
    while (delivering) {
      const t = performance.now();
      await listPendingMessages(db);
      pendingMs.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  began = performance.now();
  const result = await deliverMessage(
    { db, bus: { publish: async () => undefined } },
    { job, progress: async () => void batches++, signal: new AbortController().signal },
  );
  const jobMs = performance.now() - began;
  delivering = false;
  await probe;
  const [counts] = await db.query("select sent_count, recipients_total from messages where id = $1", [deliveredId]);
  const sorted = pendingMs.sort((a, b) => a - b);
  figures = {
    users: USERS,
    recipients: counts.recipients_total,
    delivered: counts.sent_count,
    batches,
    jobSeconds: round(jobMs / 1000, 2),
    jobRowsPerSecond: Math.round(counts.sent_count / (jobMs / 1000)),
    plainSeconds: round(plainMs / 1000, 2),
    plainRowsPerSecond: Math.round(plain.length / (plainMs / 1000)),
    pendingP50: round(quantile(sorted, 0.5), 2),
    pendingP99: round(quantile(sorted, 0.99), 2),
    pendingSamples: sorted.length,
  };
  log(`job: ${JSON.stringify(result)}; ${JSON.stringify(figures)}`);
  if (counts.sent_count !== plain.length) throw new Error(`the job delivered ${counts.sent_count}, the plain statement ${plain.length}`);
} finally {
  await db.close();
  await admin.query(`drop database if exists ${DB_NAME}`);
  await admin.end();
}

const markdown = `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on this machine (PostgreSQL, shared 2-core host; \`node bench/messages.mjs\`).

| Figure | Value |
|---|---|
| App users generated / inside the zone | ${figures.users.toLocaleString("en")} / ${figures.recipients.toLocaleString("en")} |
| Delivery job (\`messages.deliver\`, ${figures.batches} batches of ≤ 5,000, one short transaction each) | ${figures.jobSeconds} s, ${figures.jobRowsPerSecond.toLocaleString("en")} rows/s, ${figures.delivered.toLocaleString("en")} delivered |
| Reference: one plain \`INSERT … SELECT\` of the same rows | ${figures.plainSeconds} s, ${figures.plainRowsPerSecond.toLocaleString("en")} rows/s |
| Provider's pending list during delivery (${figures.pendingSamples} requests) | p50 ${figures.pendingP50} ms, p99 ${figures.pendingP99} ms |`;
const start = "<!-- bench:messages:start -->";
const end = "<!-- bench:messages:end -->";
let current = existsSync(README) ? readFileSync(README, "utf8") : "";
if (!current.includes(start)) current += `\n## Mass message delivery (issue 15)\n\n${start}\n${end}\n`;
const from = current.indexOf(start);
const to = current.indexOf(end);
writeFileSync(README, `${current.slice(0, from + start.length)}\n${markdown}\n${current.slice(to)}`);
log("figures written to bench/README.md");
