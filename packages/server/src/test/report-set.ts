// A generated set of reports in the proportions of bench/million.mjs's million (a year of reports, the
// last two days open), with what the report view reads beside them (comments on one report in six,
// notes, followers, tags, one member's marks): built in seconds, and large enough, once vacuumed and
// analysed, for PostgreSQL to plan the report reads as it does at a million (report-read-plans.test.ts).
// Not smaller: at 10,000 reports the search's 200 candidates are 2 % of them, and reading the tables
// whole is then the right plan; with fewer notes or comments, so is reading those whole (notes on one
// report in 50, a table of a few pages, and PostgreSQL 17 read it whole for the edited flag: a hashed
// subplan; on one in 5 it reads the edited ones through their partial index, as at a million).
import type { Db } from "../db/db.js";
import { catchUpSearchWordsFully } from "../search/search-words.js";
import { buildCompany, buildUser, type TestUser } from "./harness.js";

const PHRASES = [
  "Robo de celular en la esquina, el sujeto huyó corriendo",
  "Auto sospechoso estacionado hace horas con dos personas adentro",
  "Luminaria apagada en toda la cuadra, la calle queda muy oscura",
  "Microbasural en la vereda frente al almacén",
  "Ruidos molestos de una fiesta en el departamento del tercer piso",
  "Semáforo intermitente en el cruce, casi chocan dos autos",
  "Árbol caído bloquea la pasada de peatones",
  "Portonazo a una camioneta gris, se fueron hacia el oriente",
];

export interface ReportSet {
  companyId: number;
  /** A company admin of it, who starred and opened some of its reports. */
  admin: TestUser;
  /** The newest report's id. */
  lastReportId: number;
  /** The report types the reports are of. */
  typeIds: number[];
  /** The company's open (pending, in progress, in observation) attentions. */
  openAttentions: number;
}

// The tables the set fills, each vacuumed and analysed at the end (index-only scans need the
// visibility map, as on a database autovacuum keeps).
const FILLED = ["reports", "report_attentions", "comments", "notes", "followers", "report_attention_tags", "report_user_marks", "users"];

/** Builds the set in a database of its own (ownTestDatabase): `reports` reports, one every 1,000 s up
 * to now, attended by the measured company, one in four by another company too; the last two days open (pending, in
 * progress, in observation), older ones solved or not applicable; two pinned pending reports; comments,
 * notes, followers, tags and marks on a share of them, a few comments and notes edited. The trigram
 * indexes of the texts are built after the load (bulk-building them is what keeps this quick). */
export async function buildReportSet(db: Db, reports = 20_000): Promise<ReportSet> {
  const { id: companyId } = await buildCompany(db);
  const { id: otherId } = await buildCompany(db);
  const admin = await buildUser(db, { companyId, role: "company_admin" });
  const operator = await buildUser(db, { companyId, role: "operator" });
  await db.query(
    `insert into users (email, password_hash, first_name, last_name, groups)
     select 'vecino-' || $1::text || '-' || g || '@plans.test', 'not a hash', 'Vecino' || g, 'Plans', '{3}' from generate_series(1, 200) g`,
    [`${companyId}`],
  );
  const trigrams = await db.query<{ name: string; def: string }>(
    "select indexname as name, indexdef as def from pg_indexes where indexname in ('reports_search_text_trgm_idx', 'comments_search_text_trgm_idx')",
  );
  for (const { name } of trigrams) await db.exec(`drop index ${name}`);
  await db.query(
    `insert into reports (type_id, initial_type_id, description, latitude, longitude, address, user_id, is_anonymous, created_at, updated_at)
     select t, t, ($2::text[])[1 + g % array_length($2::text[], 1)] || ' (' || g || ')',
            -33.433 - (g % 997) * 0.000018, -70.669 + (g % 991) * 0.00003, 'Huérfanos ' || (100 + g % 1900) || ', Santiago', u, u is null,
            now() - make_interval(secs => ($1 - g) * 1000), now() - make_interval(secs => ($1 - g) * 1000)
       from (select g, (select array_agg(id order by id) from (select id from report_types order by id limit 5) k)[1 + g % 5] as t,
                    case when g % 3 = 0 then null else (select array_agg(id order by id) from users where email like 'vecino-' || $3::text || '-%')[1 + g % 200] end as u
               from generate_series(1, $1::int) g) s`,
    [reports, PHRASES, `${companyId}`],
  );
  await db.query(
    `insert into report_attentions (company_id, report_id, status, closing_kind, priority, zone_ids, assigned_user_id, closed_at, closed_by_user_id, created_at, updated_at)
     select c.id, r.id, s.status, case when s.status in ('solved', 'false') then s.status end, (array['lowest', 'low', 'normal', 'high', 'highest'])[1 + r.id % 5],
            '{}', case when s.status <> 'pending' then $3::int end, case when s.status in ('solved', 'false') then r.created_at + interval '2 hours' end,
            case when s.status in ('solved', 'false') then $3::int end, r.created_at, r.created_at
       from reports r
       cross join lateral (select case when r.created_at > now() - interval '2 days' then (array['pending', 'in_progress', 'in_observation'])[1 + r.id % 3]
                                       when r.id % 10 = 0 then 'false' else 'solved' end as status) s
       join companies c on c.id = $1 or (c.id = $2 and r.id % 4 = 0)`,
    [companyId, otherId, operator.id],
  );
  await db.query(
    `update report_attentions set highlighted = true, highlighted_at = now()
      where company_id = $1 and report_id in (select report_id from report_attentions where company_id = $1 and status = 'pending' order by report_id limit 2)`,
    [companyId],
  );
  await db.query(
    `insert into comments (report_id, user_id, body, created_at, edited_at)
     select r.id, r.user_id, 'Sigue pasando, por favor vengan (' || r.id || ')', r.created_at + interval '10 minutes', case when r.id % 400 = 1 then now() end
       from reports r where r.id % 4 = 1 and r.user_id is not null`,
  );
  for (const { def } of trigrams) await db.exec(def);
  await db.query(
    `insert into notes (company_id, report_id, user_id, body, edited_at)
     select a.company_id, a.report_id, $2, 'Vecinos avisados (' || a.report_id || ')', case when a.report_id % 1000 = 0 then now() end
       from report_attentions a where a.company_id = $1 and a.report_id % 5 = 0`,
    [companyId, operator.id],
  );
  await db.query(
    `insert into followers (company_id, report_id, user_id)
     select a.company_id, a.report_id, u from report_attentions a, unnest($2::int[]) u where a.company_id = $1 and a.report_id % 20 = 0`,
    [companyId, [admin.id, operator.id]],
  );
  await db.query(
    `with t as (insert into tags (company_id, name, color) select $1, 'etiqueta' || g, '#1677ff' from generate_series(1, 3) g returning id)
     insert into report_attention_tags (company_id, report_id, tag_id)
     select a.company_id, a.report_id, (select min(id) from t) + a.report_id % 3 from report_attentions a where a.company_id = $1 and a.report_id % 10 = 0`,
    [companyId],
  );
  await db.query(
    `insert into report_user_marks (company_id, user_id, report_id, is_favorite, seen_at)
     select a.company_id, u, a.report_id, a.report_id % 100 = 0, now() from report_attentions a, unnest($2::int[]) u
      where a.company_id = $1 and a.report_id % 7 = 0`,
    [companyId, [admin.id, operator.id]],
  );
  // The search dictionary caught up, as the searches of a year would have left it.
  await catchUpSearchWordsFully(db);
  for (const table of FILLED) await db.exec(`vacuum analyze ${table}`);
  const [last] = await db.query<{ id: number; types: number[] }>("select max(id) as id, array_agg(distinct type_id) as types from reports");
  const [open] = await db.query<{ n: number }>(
    "select count(*)::int as n from report_attentions where company_id = $1 and status in ('pending', 'in_progress', 'in_observation')",
    [companyId],
  );
  return { companyId, admin, lastReportId: last!.id, typeIds: last!.types, openAttentions: open!.n };
}
