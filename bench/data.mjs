// The benchmark data set of issue 10, reused by later benchmarks: reports across many companies in
// Chilean cities over the last year, built in set-based SQL (generate_series into temporary tables, then
// one INSERT … SELECT a table), never one request or one statement a report.
//
//   npm run bench:data                 (builds the server, then `node bench/data.mjs`)
//   node bench/data.mjs                (PostgreSQL: 1,000,000 reports, 100 companies, in atalaya_bench_data)
//   BENCH_DATA_REBUILD=1 node bench/data.mjs   (build again even when a fresh one is there)
//
// What it builds (deterministic: seeded JS for the few structural rows, setseed for SQL's random()):
// - companies in 20 Chilean cities (Santiago has a third of them), each with a zone around its part of the
//   city ("comuna") and one zone per hot spot; sizes from a long tail (the largest, in Santiago, receives
//   ≈ 7 % of all reports with 100 companies);
// - reports gaussian-clustered around each company's 3–5 hot spots plus a sparser background, created over
//   the last 365 days with a daily rhythm (quiet at night, peaks at noon and in the evening), a weekly one
//   (Friday and Saturday busier) and a slow growth over the year; types from a long tail; most from
//   signed-in community users of the city (a few very active), some anonymous, a few entered by operators;
// - each company's attention of its reports: taken after a log-normal delay by an operator of the shift on
//   duty (or assigned by the admin), then closed as solved, not applicable (false) or repeated, or left in
//   progress or in observation; the status is what those times make of "now" (recent reports still
//   pending or in progress); due dates from the type's attention time, so some closings are late. A
//   report in the overlap of two companies of a city is also attended by the neighbour;
// - activity_log entries `created`, `taken`/`assigned` and `closed` (the dashboards' attention times),
//   a few comments and complaints, three shifts a company, and the search dictionary caught up.
// The big tables' secondary indexes, and their unique and primary keys that no foreign key leans on, are
// dropped during the load and built again after it from the definitions the migrations created (read back
// from the catalogue), on two sessions side by side; foreign keys are not checked row by row
// (session_replication_role = replica: the generated rows satisfy them by construction); then VACUUM
// ANALYZE, so index-only scans work from the first query. About 90 s for the million on this machine.
//
// A table bench_data marks a complete data set; `ensureData` reuses it while it is younger than
// BENCH_DATA_MAX_AGE_DAYS (7: the dashboards' windows end now, so an old set would have empty recent days).
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const DIST = join(ROOT, "packages/server/dist");
export const DATA_DATABASE_URL = process.env.BENCH_DATA_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/atalaya_bench_data";
/** The set of issue 10: a million reports across 100 companies. */
export const POSTGRES_SHAPE = { reports: 1_000_000, companies: 100 };
/** Bumped whenever the generator's output changes, so older sets are rebuilt. */
const VERSION = 1;
const MAX_AGE_DAYS = Number(process.env.BENCH_DATA_MAX_AGE_DAYS ?? 7);

const log = (line) => console.log(`[data ${new Date().toTimeString().slice(0, 8)}] ${line}`);
const round = (n, digits = 1) => Number(n.toFixed(digits));
const dist = (path) => import(pathToFileURL(join(DIST, path)).href);

// ---------------------------------------------------------------------------------------------------
// The structure: cities, companies, hot spots, zones (a few hundred rows, built in JS from a seed)

/** Mulberry32: the same sequence on every run. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Centre, how many of the 100 companies, and how far apart their parts of the city lie (degrees).
const CITIES = [
  ["Santiago", -33.4489, -70.6693, 34, 0.12],
  ["Concepción", -36.827, -73.0503, 7, 0.06],
  ["Valparaíso", -33.0472, -71.6127, 6, 0.04],
  ["Viña del Mar", -33.0245, -71.5518, 6, 0.04],
  ["Antofagasta", -23.6509, -70.3975, 5, 0.05],
  ["Temuco", -38.7359, -72.5904, 5, 0.04],
  ["La Serena", -29.9027, -71.252, 4, 0.04],
  ["Rancagua", -34.1708, -70.7444, 4, 0.03],
  ["Talca", -35.4264, -71.6554, 4, 0.03],
  ["Puerto Montt", -41.4689, -72.9411, 4, 0.04],
  ["Coquimbo", -29.9533, -71.3436, 3, 0.03],
  ["Arica", -18.4783, -70.3126, 3, 0.03],
  ["Iquique", -20.2307, -70.1357, 3, 0.03],
  ["Chillán", -36.6066, -72.1034, 3, 0.03],
  ["Calama", -22.4544, -68.9294, 2, 0.03],
  ["Copiapó", -27.3668, -70.3323, 2, 0.03],
  ["Valdivia", -39.8142, -73.2459, 2, 0.03],
  ["Osorno", -40.574, -73.133, 1, 0.03],
  ["Punta Arenas", -53.1638, -70.9171, 1, 0.03],
  ["Los Ángeles", -37.4697, -72.3537, 1, 0.03],
].map(([name, lat, lng, companies, spread]) => ({ name, lat, lng, companies, spread }));

const KINDS = ["Municipalidad", "Seguridad Ciudadana", "Junta de Vecinos", "Condominio", "Central de Monitoreo"];
const STREETS = ["Av. Libertador Bernardo O'Higgins", "Huérfanos", "Agustinas", "Moneda", "Compañía", "Merced", "San Martín", "Prat",
  "Colón", "Freire", "Av. Independencia", "Los Carrera", "Maipú", "Barros Arana", "Chacabuco", "Serrano", "Caupolicán", "Lautaro",
  "Bulnes", "Baquedano", "Av. Pedro de Valdivia", "Esmeralda", "Yungay", "Blanco Encalada", "Manuel Rodríguez", "Rengo", "Orella"];
const FIRST = ["Francisca", "Benjamín", "Antonia", "Vicente", "Catalina", "Martín", "Josefa", "Agustín", "Isidora", "Tomás", "Florencia",
  "Lucas", "Fernanda", "Maximiliano", "Javiera", "Cristóbal", "Constanza", "Diego", "Trinidad", "Felipe"];
const LAST = ["González", "Muñoz", "Rojas", "Díaz", "Pérez", "Soto", "Contreras", "Silva", "Martínez", "Sepúlveda", "Morales",
  "Rodríguez", "López", "Fuentes", "Hernández", "Torres", "Araya", "Flores", "Espinoza", "Valenzuela"];
const OPERATOR_COMMENTS = ["Recibido, enviamos una patrulla al lugar.", "La patrulla ya está en el sector.",
  "Derivamos el caso al equipo de terreno.", "Gracias por avisar, estamos revisando las cámaras."];
const COMMUNITY_COMMENTS = ["Sigue pasando, por favor vengan", "Ya llegó la patrulla, gracias", "Vi al sujeto otra vez en la plaza",
  "Los vecinos estamos preocupados", "Sigue igual que ayer"];
// Reports by local hour (0–23) and ISO weekday (Monday first): quiet at night, peaks at noon and 19–21 h.
const HOUR_WEIGHTS = [0.35, 0.25, 0.18, 0.14, 0.12, 0.15, 0.3, 0.55, 0.8, 0.95, 1, 1.05, 1.05, 1, 0.95, 0.95, 1, 1.1, 1.25, 1.35, 1.3, 1.15, 0.9, 0.6];
const WEEKDAY_WEIGHTS = [0.95, 0.95, 0.97, 1, 1.1, 1.15, 0.9];
// Median seconds to take and then to close, by category (1 emergencies … 5 minor).
const CATEGORY_TIMES = { 1: [180, 2400], 2: [360, 3600], 3: [1800, 18000], 4: [2700, 28800], 5: [5400, 86400] };

/** Companies, their zones and hot spots, for `count` companies (the first `count` of an order that keeps
 * every city's share: with 10 companies, Santiago has 4). */
function structure(count) {
  const rnd = seeded(20261125);
  const all = [];
  for (const [ci, city] of CITIES.entries()) {
    for (let k = 0; k < city.companies; k++) all.push({ ci, city, k, order: (k + 0.5) / city.companies + ci * 1e-6 });
  }
  all.sort((a, b) => a.order - b.order);
  const chosen = all.slice(0, count);
  // Sizes: a long tail (rank^-0.6), the largest being the first Santiago company, the rest shuffled.
  const ranks = chosen.map((_, i) => i + 1).slice(1);
  for (let i = ranks.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [ranks[i], ranks[j]] = [ranks[j], ranks[i]];
  }
  ranks.unshift(1);
  const perCity = new Map();
  for (const c of chosen) perCity.set(c.ci, (perCity.get(c.ci) ?? 0) + 1);
  const seen = new Map();
  const companies = chosen.map((c, i) => {
    const n = perCity.get(c.ci);
    const k = seen.get(c.ci) ?? 0;
    seen.set(c.ci, k + 1);
    const angle = (2 * Math.PI * k) / n + rnd() * 0.5;
    const radius = n === 1 ? 0 : c.city.spread * (0.35 + 0.65 * rnd());
    const lat = c.city.lat + radius * Math.sin(angle);
    const cos = Math.cos((lat * Math.PI) / 180);
    const lng = c.city.lng + (radius * Math.cos(angle)) / cos;
    const half = Math.max(0.025, c.city.spread * 0.45);
    const weight = ranks[i] ** -0.6;
    const kind = i === 0 ? KINDS[0] : KINDS[Math.floor(rnd() * KINDS.length)];
    return {
      ord: i, city: c.ci, cityName: c.city.name, name: `${kind} ${c.city.name} ${k + 1}`, lat: round(lat, 5), lng: round(lng, 5),
      minLat: lat - half, maxLat: lat + half, minLng: lng - half / cos, maxLng: lng + half / cos, weight, half, cos,
      // The first company and every fifth have statistics_v2: the summary then also reads the period before.
      modules: ["events", "dashboard", "maps", ...(i % 5 === 0 ? ["statistics_v2"] : [])],
    };
  });
  const total = companies.reduce((s, c) => s + c.weight, 0);
  for (const c of companies) {
    c.share = c.weight / total;
    // A next company of the same city attends the reports of its part that overlap this one's.
    const mates = companies.filter((o) => o.city === c.city);
    c.neighbour = mates.length > 1 ? mates[(mates.indexOf(c) + 1) % mates.length].ord : null;
    c.operators = 3 + Math.round(12 * Math.sqrt(c.share / companies[0].share));
  }
  const zones = [];
  const spots = [];
  for (const c of companies) {
    const ring = [[c.minLng, c.minLat], [c.maxLng, c.minLat], [c.maxLng, c.maxLat], [c.minLng, c.maxLat]].map(([x, y]) => [round(x, 6), round(y, 6)]);
    zones.push({ company: c.ord, ord: 0, name: `Comuna ${c.name}`, ring });
    const hot = 3 + Math.floor(rnd() * 3);
    const weights = Array.from({ length: hot }, () => 0.2 + rnd() ** 2);
    const sum = weights.reduce((a, b) => a + b, 0);
    // A sparse background (a quarter of the reports) over the whole part, then the hot spots.
    let lo = 0;
    spots.push({ company: c.ord, idx: 0, lat: c.lat, lng: c.lng, sigma: c.half * 0.5, lo, hi: (lo = 0.25), zone: null });
    for (let h = 0; h < hot; h++) {
      const lat = c.lat + (rnd() - 0.5) * 1.2 * c.half;
      const lng = c.lng + ((rnd() - 0.5) * 1.2 * c.half) / c.cos;
      const sigma = 0.0015 + rnd() * 0.005;
      const hi = h === hot - 1 ? 1.0000001 : lo + (0.75 * weights[h]) / sum;
      const r = 2.5 * sigma;
      const ringH = [[lng - r / c.cos, lat - r], [lng + r / c.cos, lat - r], [lng + r / c.cos, lat + r], [lng - r / c.cos, lat + r]].map(([x, y]) => [round(x, 6), round(y, 6)]);
      zones.push({ company: c.ord, ord: h + 1, name: `Sector ${h + 1}`, ring: ringH });
      spots.push({ company: c.ord, idx: h + 1, lat, lng, sigma, lo, hi, zone: h + 1 });
      lo = hi;
    }
  }
  return { companies, zones, spots };
}

// ---------------------------------------------------------------------------------------------------
// The generator

/** Runs the statements on the sessions (each a `q`), each session taking the next statement when done. */
async function runAll(sessions, statements) {
  const queue = [...statements];
  await Promise.all(sessions.map(async (q) => {
    for (let sql = queue.shift(); sql !== undefined; sql = queue.shift()) await q(sql);
  }));
}

/** Builds the data set through `q(sql, params) → rows` on one session of an empty, migrated database with
 * the catalogue; `sessions` (more sessions on the same database, `q` alone by default) build the indexes
 * side by side. Returns what the benchmarks need to know about it. */
export async function generate(q, { reports, companies: companyCount, now = new Date(), sessions = [q] }) {
  const started = Date.now();
  const step = (label) => log(`  ${label} (${round((Date.now() - started) / 1000)} s)`);
  const [{ REPORT_TYPES }, { CATEGORY_ATTENTION, DESCRIPTIONS_BY_TYPE, DEMO_PASSWORD }, { hashPassword }, { loadConfig }] = await Promise.all([
    import("@atalaya/shared"),
    dist("seed/demo-data.js"),
    dist("auth/password-hash.js"),
    dist("config.js"),
  ]);
  const rnd = seeded(4242);
  const { companies, zones, spots } = structure(companyCount);
  const nowIso = now.toISOString();

  await q("set temp_buffers = '256MB'");
  await q("set session_replication_role = replica");
  await q("set maintenance_work_mem = '512MB'");
  await q("set work_mem = '128MB'");
  await q("set synchronous_commit = off");
  await q("select setseed(0.2026)");

  // Companies, zones, the types they attend.
  const companyRows = await q(
    `insert into companies (name, bound_latitude, bound_longitude, modules)
     select name, lat, lng, modules from jsonb_to_recordset($1::jsonb) as x(ord int, name text, lat float8, lng float8, modules text[])
      order by ord returning id, name`,
    [JSON.stringify(companies.map(({ ord, name, lat, lng, modules }) => ({ ord, name, lat, lng, modules })))],
  );
  const idByName = new Map(companyRows.map((r) => [r.name, r.id]));
  for (const c of companies) c.id = idByName.get(c.name);
  const byOrd = (ord) => companies[ord].id;
  const ringText = (ring) => `(${[...ring, ring[0]].map(([x, y]) => `(${x},${y})`).join(",")})`;
  const zoneRows = await q(
    `insert into zones (company_id, name, geojson, area)
     select company_id, name, geojson, area::polygon from jsonb_to_recordset($1::jsonb) as x(n int, company_id int, name text, geojson jsonb, area text)
      order by n returning id, company_id, name`,
    [JSON.stringify(zones.map((z, n) => ({ n, company_id: byOrd(z.company), name: z.name, geojson: { type: "Polygon", coordinates: [[...z.ring, z.ring[0]]] }, area: ringText(z.ring) })))],
  );
  const zoneId = new Map(zoneRows.map((r) => [`${r.company_id}/${r.name}`, r.id]));
  for (const c of companies) c.mainZone = zoneId.get(`${c.id}/Comuna ${c.name}`);
  const activeTypes = REPORT_TYPES.filter((t) => t.active);
  await q(
    `insert into company_report_types (company_id, report_type_id, priority, attention_time, attention_unit)
     select c.id, t.id, t.priority, t.time, t.unit from companies c cross join jsonb_to_recordset($1::jsonb) as t(id int, priority text, time int, unit text)`,
    [JSON.stringify(activeTypes.map((t) => ({ id: t.id, ...CATEGORY_ATTENTION[t.category_id] })))],
  );
  await q(
    `insert into shifts (company_id, name, start_time, end_time)
     select c.id, s.name, s.start_time::time, s.end_time::time from companies c
      cross join (values (1, 'Mañana', '07:00:00', '15:00:00'), (2, 'Tarde', '15:00:00', '23:00:00'), (3, 'Noche', '23:00:00', '07:00:00')) s(n, name, start_time, end_time)
      order by c.id, s.n`,
  );

  // The generator's own tables: companies with their boxes and neighbours, hot spots, types.
  await q(
    `create temp table bench_companies as
     select x.*, n.id as neighbour_id from jsonb_to_recordset($1::jsonb) as x(id int, ord int, city int, city_name text, main_zone int, operators int,
            weight float8, min_lat float8, max_lat float8, min_lng float8, max_lng float8, neighbour int)
       left join jsonb_to_recordset($1::jsonb) as n(id int, ord int) on n.ord = x.neighbour`,
    [JSON.stringify(companies.map((c) => ({ id: c.id, ord: c.ord, city: c.city, city_name: c.cityName, main_zone: c.mainZone, operators: c.operators,
      weight: c.weight, min_lat: c.minLat, max_lat: c.maxLat, min_lng: c.minLng, max_lng: c.maxLng, neighbour: c.neighbour })))],
  );
  await q(
    `create temp table bench_spots as select * from jsonb_to_recordset($1::jsonb) as x(company_id int, idx int, lat float8, lng float8, sigma float8, lo float8, hi float8, zone_id int)`,
    [JSON.stringify(spots.map((s) => ({ company_id: byOrd(s.company), idx: s.idx, lat: s.lat, lng: s.lng, sigma: s.sigma, lo: s.lo, hi: s.hi,
      zone_id: s.zone === null ? null : zoneId.get(`${byOrd(s.company)}/Sector ${s.zone}`) })))],
  );
  await q(
    `create temp table bench_types as select x.*, ln(x.take_median) as take_ln, ln(x.close_median) as close_ln from jsonb_to_recordset($1::jsonb)
       as x(type_id int, priority text, due_minutes int, take_median float8, close_median float8, texts text[])`,
    [JSON.stringify(activeTypes.map((t) => {
      const a = CATEGORY_ATTENTION[t.category_id];
      const [take, close] = CATEGORY_TIMES[t.category_id];
      return { type_id: t.id, priority: a.priority, due_minutes: a.time * { minutes: 1, hours: 60, days: 1440 }[a.unit], take_median: take, close_median: close,
        texts: DESCRIPTIONS_BY_TYPE[t.id] ?? DESCRIPTIONS_BY_TYPE[29] };
    }))],
  );
  // Types from a long tail: a weighted list of 400 entries to pick from.
  const shuffled = [...activeTypes].sort(() => rnd() - 0.5);
  const typeWeights = shuffled.map((_, i) => (i + 1) ** -0.9);
  const typeSum = typeWeights.reduce((a, b) => a + b, 0);
  const typePicks = shuffled.flatMap((t, i) => Array(Math.max(1, Math.round((400 * typeWeights[i]) / typeSum))).fill(t.id));
  step("companies, zones, types, shifts");

  // Staff: an admin, operators in three shifts (operator i works shift (i - 1) % 3), a patrol.
  // At the cost a server of this environment would set (ARGON2_*: production's unless told).
  const hash = await hashPassword(DEMO_PASSWORD, loadConfig().passwordCost);
  await q(
    `create temp table bench_staff as
     select c.id as company_id, i, case when i = 0 then 'company_admin' when i <= c.operators then 'operator' else 'patrol' end as role,
            case when i = 0 then format('admin-%s@bench.cl', c.ord + 1) when i <= c.operators then format('operador-%s-%s@bench.cl', c.ord + 1, i)
                 else format('patrulla-%s@bench.cl', c.ord + 1) end as email,
            null::int as user_id
       from bench_companies c cross join lateral generate_series(0, c.operators + 1) i`,
  );
  await q(
    `insert into users (email, password_hash, first_name, last_name, groups, verified, phone)
     select s.email, $1, ($2::text[])[1 + (s.company_id * 7 + s.i) % cardinality($2::text[])], ($3::text[])[1 + (s.company_id * 3 + s.i * 5) % cardinality($3::text[])],
            case s.role when 'company_admin' then '{2}'::int[] when 'operator' then '{3}'::int[] else '{4}'::int[] end, true,
            format('+56 9 5%s', lpad((s.company_id * 100 + s.i)::text, 7, '0'))
       from bench_staff s order by s.company_id, s.i`,
    [hash, FIRST, LAST],
  );
  await q("update bench_staff s set user_id = u.id from users u where lower(u.email) = s.email");
  await q(
    `insert into memberships (company_id, user_id, role, patrol_status) select company_id, user_id, role, case when role = 'patrol' then 'online' else 'offline' end from bench_staff`,
  );
  await q("create index on bench_staff (company_id, i)");
  await q("analyze bench_staff");

  // Community users, each of a city (in proportion to the city's reports), some joined recently.
  const users = Math.round(reports / 16);
  const cityShare = new Map();
  for (const c of companies) cityShare.set(c.city, (cityShare.get(c.city) ?? 0) + c.share);
  const cityUsers = [...cityShare].map(([city, share]) => ({ city, n: Math.max(20, Math.round(users * share)) }));
  await q(
    `create temp table bench_cusers as
     select x.city, k, format('vecino-%s-%s@bench.cl', x.city, k) as email, null::int as user_id
       from jsonb_to_recordset($1::jsonb) as x(city int, n int) cross join lateral generate_series(0, x.n - 1) k`,
    [JSON.stringify(cityUsers)],
  );
  await q(
    `insert into users (email, first_name, last_name, groups, phone, lang, created_at, updated_at)
     select email, ($1::text[])[1 + floor(random() * cardinality($1::text[]))::int], ($2::text[])[1 + floor(random() * cardinality($2::text[]))::int],
            '{13}', format('+56 9 7%s', lpad((city * 100000 + k)::text, 7, '0')), 'es',
            $3::timestamptz - random() * interval '730 days', $3::timestamptz
       from bench_cusers order by city, k`,
    [FIRST, LAST, nowIso],
  );
  await q("update bench_cusers b set user_id = u.id from users u where lower(u.email) = b.email");
  await q("create temp table bench_city_users as select city, count(*)::int as n from bench_cusers group by city");
  await q("create index on bench_cusers (city, k)");
  await q("analyze bench_cusers");
  step(`staff and ${users.toLocaleString("en")} community users`);

  // How many reports each company receives in each hour of the year: the company's size × the hour's
  // weight (local hour, weekday, growth over the year, a mild season), rounded so the total is exact.
  await q(
    `create temp table bench_slots as
     with hours as (select h, $1::timestamptz - make_interval(hours => 8760 - h) as ts from generate_series(0, 8759) h),
          weighted as (select h, ts, ($2::float8[])[1 + extract(hour from ts at time zone 'America/Santiago')::int]
                                   * ($3::float8[])[extract(isodow from ts at time zone 'America/Santiago')::int]
                                   * (0.85 + 0.3 * h / 8760.0) * (1 + 0.08 * sin(2 * pi() * h / 8760.0)) as w from hours),
          -- The weight is the company's times the hour's, so the running total of the expected counts in
          -- (company, hour) order is arithmetic on each side's running total: no sort of every pair.
          hw as (select h, ts, w, sum(w) over (order by h) as upto, sum(w) over () as total from weighted),
          cw as (select id as company_id, weight, sum(weight) over (order by id) - weight as before, sum(weight) over () as total from bench_companies),
          e as (select c.company_id, h.ts, $4::float8 * c.weight * h.w / (c.total * h.total) as e,
                       $4::float8 * (c.before * h.total + c.weight * h.upto) / (c.total * h.total) as c
                  from cw c cross join hw h)
     select company_id, ts, (round(c) - round(c - e))::int as n from e where round(c) - round(c - e) > 0`,
    [nowIso, HOUR_WEIGHTS, WEEKDAY_WEIGHTS, reports],
  );
  step("hourly slots");

  // Every report's draws, place, type, times and outcome, numbered in time order.
  await q(
    `create temp table bench_gen as
     with raw as materialized (
       select s.company_id, s.ts + random() * interval '1 hour' as created_at, random() as u_spot, random() as u1, random() as u2,
              random() as u_type, random() as u_user, random() as u_who, random() as u_text, random() as t1, random() as t2,
              random() as c1, random() as c2, random() as u_out, random() as u_op, random() as u_how, random() as u_share
         from bench_slots s cross join lateral generate_series(1, s.n) g),
     placed as (
       select r.*, c.city, c.city_name, c.main_zone, c.operators, c.neighbour_id, h.zone_id as spot_zone, h.lat as h_lat, h.lng as h_lng, h.sigma,
              round(least(c.max_lat, greatest(c.min_lat, h.lat + sqrt(-2 * ln(1 - r.u1)) * sin(2 * pi() * r.u2) * h.sigma))::numeric, 6)::float8 as lat,
              round(least(c.max_lng, greatest(c.min_lng, h.lng + sqrt(-2 * ln(1 - r.u1)) * cos(2 * pi() * r.u2) * h.sigma / cos(radians(h.lat))))::numeric, 6)::float8 as lng,
              ($1::int[])[1 + floor(r.u_type * cardinality($1::int[]))::int] as type_id
         from raw r join bench_companies c on c.id = r.company_id
         join bench_spots h on h.company_id = r.company_id and r.u_spot >= h.lo and r.u_spot < h.hi),
     timed as (
       select p.*, t.priority, t.due_minutes, t.texts,
              p.created_at + make_interval(secs => exp(t.take_ln + 1.1 * sqrt(-2 * ln(1 - p.t1)) * cos(2 * pi() * p.t2))) as taken_at,
              exp(t.close_ln + sqrt(-2 * ln(1 - p.c1)) * cos(2 * pi() * p.c2)) as close_s,
              case when p.u_out < 0.003 then 'never' when p.u_out < 0.035 then 'in_progress' when p.u_out < 0.075 then 'in_observation'
                   when p.u_out < 0.105 then 'repeated' when p.u_out < 0.215 then 'false' else 'solved' end as outcome
         from placed p join bench_types t on t.type_id = p.type_id),
     settled as (
       select t.*, t.taken_at + make_interval(secs => t.close_s) as closes_at,
              case when t.outcome = 'never' or t.taken_at > $2::timestamptz then 'pending'
                   when t.outcome in ('in_progress', 'in_observation') then t.outcome
                   when t.taken_at + make_interval(secs => t.close_s) > $2::timestamptz then 'in_progress'
                   when t.outcome = 'false' then 'false' else 'solved' end as status
         from timed t)
     select row_number() over (order by created_at)::int + $3::int as id, company_id, created_at, lat, lng, type_id, priority, city, city_name,
            case when u_who < 0.55 then 'user' when u_who < 0.68 then 'user_anonymous' when u_who < 0.97 then 'anonymous' else 'operator' end as who,
            u_user,
            texts[1 + floor(u_text * cardinality(texts))::int] as description,
            ($4::text[])[1 + floor(u_type * 7919 * cardinality($4::text[]))::int % cardinality($4::text[])] || ' ' || (100 + floor(u_user * 2900)::int) || ', ' || city_name as address,
            case when spot_zone is not null and abs(lat - h_lat) <= 2.5 * sigma and abs(lng - h_lng) <= 2.5 * sigma / cos(radians(h_lat))
                 then array[least(main_zone, spot_zone), greatest(main_zone, spot_zone)] else array[main_zone] end as zone_ids,
            created_at + make_interval(mins => due_minutes) as due_date,
            status, case when status in ('solved', 'false') then case when outcome = 'repeated' then 'repeated' else outcome end end as closing_kind,
            case when status <> 'pending' then taken_at end as taken_at,
            case when status in ('solved', 'false') then closes_at end as closed_at,
            -- The operator on duty when it was taken: shift by the local hour, then one of that shift's operators.
            1 + s.shift + 3 * floor(u_op * (floor((operators - 1 - s.shift) / 3.0) + 1))::int as op_i,
            u_how < 0.15 as assigned, u_how, u_share, u_out,
            case when u_share < 0.25 then neighbour_id end as neighbour_id
       from settled
      cross join lateral (select case when extract(hour from taken_at at time zone 'America/Santiago') between 7 and 14 then 0
                                      when extract(hour from taken_at at time zone 'America/Santiago') between 15 and 22 then 1 else 2 end as shift) s`,
    [typePicks, nowIso, 0, STREETS],
  );
  step("report draws");
  // The neighbour attends the reports that fall inside its own part.
  await q(
    `update bench_gen g set neighbour_id = null from bench_companies n
      where n.id = g.neighbour_id and not (g.lat between n.min_lat and n.max_lat and g.lng between n.min_lng and n.max_lng)`,
  );
  step("neighbours");

  // The big tables' indexes go during the load and come back after it, built from sorted data instead of
  // taking a million random insertions each: every secondary index, and the unique and primary keys that no
  // foreign key leans on (the others stay: rows arrive in their order).
  const big = ["reports", "report_attentions", "activity_log", "comments"];
  const keys = await q(
    `select c.conrelid::regclass::text as tablename, c.conname, pg_get_constraintdef(c.oid) as def from pg_constraint c
      where c.conrelid = any(select format('public.%I', t)::regclass from unnest($1::text[]) t) and c.contype in ('p', 'u')
        and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = c.conindid)`,
    [big],
  );
  const indexes = await q(
    `select i.tablename, i.indexname, i.indexdef from pg_indexes i
      where i.schemaname = 'public' and i.tablename = any($1::text[])
        and not exists (select 1 from pg_constraint c where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
    [big],
  );
  for (const k of keys) await q(`alter table ${k.tablename} drop constraint ${k.conname}`);
  for (const ix of indexes) await q(`drop index ${ix.indexname}`);

  await q(
    `insert into reports (id, type_id, initial_type_id, description, latitude, longitude, address, user_id, is_anonymous, informer_type,
                          created_by_company_id, source, created_at, updated_at)
     select g.id, g.type_id, g.type_id, g.description, g.lat, g.lng, g.address, u.user_id, g.who = 'user_anonymous',
            case g.who when 'operator' then 'operator' when 'anonymous' then 'anonymous' else 'user' end,
            case when g.who = 'operator' then g.company_id end,
            case when g.who = 'operator' then 'portal' when g.u_how < 0.55 then 'app/5.2.1' when g.u_how < 0.8 then 'app/5.1.0'
                 when g.u_how < 0.93 then 'app 4.9.3' else 'app/5.3.0-beta' end,
            g.created_at, g.created_at
       from bench_gen g
       join bench_city_users cu on cu.city = g.city
       left join bench_cusers u on g.who in ('user', 'user_anonymous') and u.city = g.city and u.k = floor(power(g.u_user, 1.6) * cu.n)::int
      order by g.id`,
  );
  step("reports");
  await q(
    `insert into report_attentions (company_id, report_id, status, closing_kind, priority, due_date, assigned_user_id, closed_by_user_id, closed_at,
                                    zone_ids, created_at, updated_at)
     select x.company_id, x.report_id, x.status, x.closing_kind, x.priority, x.due_date, x.taker, x.closer, x.closed_at, x.zone_ids, x.created_at, x.updated_at
       from (select g.company_id, g.id as report_id, g.status, g.closing_kind, g.priority, g.due_date,
                    case when g.taken_at is not null then op.user_id end as taker,
                    case when g.closed_at is not null then op.user_id end as closer, g.closed_at, g.zone_ids, g.created_at,
                    coalesce(g.closed_at, g.taken_at, g.created_at) as updated_at
               from bench_gen g join bench_staff op on op.company_id = g.company_id and op.i = g.op_i
             union all
             -- The neighbour: it sees the report, and closes it as not applicable or solves it two hours later.
             select g.neighbour_id, g.id, case when g.created_at + interval '2 hours' > $1::timestamptz then 'pending' when (g.u_out * 7 - floor(g.u_out * 7)) < 0.4 then 'false' else 'solved' end,
                    case when g.created_at + interval '2 hours' > $1::timestamptz then null when (g.u_out * 7 - floor(g.u_out * 7)) < 0.4 then 'false' else 'solved' end,
                    g.priority, g.due_date,
                    case when g.created_at + interval '2 hours' <= $1::timestamptz then op.user_id end,
                    case when g.created_at + interval '2 hours' <= $1::timestamptz then op.user_id end,
                    case when g.created_at + interval '2 hours' <= $1::timestamptz then g.created_at + interval '2 hours' end,
                    array[n.main_zone], g.created_at, least(g.created_at + interval '2 hours', $1::timestamptz)
               from bench_gen g join bench_companies n on n.id = g.neighbour_id join bench_staff op on op.company_id = n.id and op.i = 1) x
      order by x.report_id, x.company_id`,
    [nowIso],
  );
  step("attentions");
  // The log: created (every attention), taken or assigned by the admin, closed. Ids are the report's id
  // × 4 + the step, so a report's entries are in order without sorting millions of rows.
  await q(
    `insert into activity_log (company_id, id, report_id, actor_user_id, action, data, created_at)
     select a.company_id, a.report_id::bigint * 4, a.report_id, null, 'created', '{"source":"app"}'::jsonb, a.created_at from report_attentions a
     union all
     select a.company_id, a.report_id::bigint * 4 + 1, a.report_id, case when g.assigned then adm.user_id else a.assigned_user_id end,
            case when g.assigned then 'assigned' else 'taken' end,
            case when g.assigned then jsonb_build_object('userId', a.assigned_user_id) else '{}'::jsonb end,
            case when a.company_id = g.company_id then g.taken_at else a.created_at + interval '20 minutes' end
       from report_attentions a join bench_gen g on g.id = a.report_id join bench_staff adm on adm.company_id = a.company_id and adm.i = 0
      where a.assigned_user_id is not null
     union all
     select a.company_id, a.report_id::bigint * 4 + 2, a.report_id, a.closed_by_user_id, 'closed', jsonb_build_object('kind', a.closing_kind), a.closed_at
       from report_attentions a where a.closed_at is not null`,
  );
  await q("select setval('activity_log_id_seq', (select max(id) from activity_log))");
  await q("select setval('reports_id_seq', (select max(id) from reports))");
  step("activity log");
  await q(
    `insert into comments (report_id, user_id, company_id, body, created_at, updated_at)
     select g.id, op.user_id, g.company_id, ($2::text[])[1 + floor((g.u_how * 977 - floor(g.u_how * 977)) * cardinality($2::text[]))::int], g.taken_at + interval '3 minutes', g.taken_at + interval '3 minutes'
       from bench_gen g join bench_staff op on op.company_id = g.company_id and op.i = g.op_i
      where g.taken_at is not null and g.taken_at + interval '3 minutes' <= $1::timestamptz and (g.u_how * 31 - floor(g.u_how * 31)) < 0.04
     union all
     select r.id, r.user_id, null, ($3::text[])[1 + floor((g.u_how * 613 - floor(g.u_how * 613)) * cardinality($3::text[]))::int], r.created_at + interval '20 minutes', r.created_at + interval '20 minutes'
       from bench_gen g join reports r on r.id = g.id
      where r.user_id is not null and r.created_at + interval '20 minutes' <= $1::timestamptz and (g.u_how * 53 - floor(g.u_how * 53)) < 0.03`,
    [nowIso, OPERATOR_COMMENTS, COMMUNITY_COMMENTS],
  );
  // Complaints about a few signed-in reporters' reports, by another user of the city.
  await q(
    `insert into user_complaints (complainant_id, target_user_id, target_kind, target_id, report_id, reason, created_at)
     select o.user_id, r.user_id, 'report', r.id, r.id, ($2::text[])[1 + floor((g.u_out * 101 - floor(g.u_out * 101)) * 5)::int], least(r.created_at + interval '1 hour', $1::timestamptz)
       from bench_gen g join reports r on r.id = g.id
       join bench_city_users cu on cu.city = g.city
       join bench_cusers o on o.city = g.city and o.k = (floor(power(g.u_user, 1.6) * cu.n)::int + 1) % cu.n
      where r.user_id is not null and not r.is_anonymous and o.user_id <> r.user_id and (g.u_out * 211 - floor(g.u_out * 211)) < 0.002`,
    [nowIso, ["spam", "offensive", "false_report", "harassment", "other"]],
  );
  await q(
    `update users u set complaint_count = c.n from (select target_user_id, count(*)::int as n from user_complaints group by 1) c where c.target_user_id = u.id`,
  );
  // Nobody reports before joining.
  await q(
    `update users u set created_at = f.first - interval '1 day' from (select user_id, min(created_at) as first from reports where user_id is not null group by 1) f
      where f.user_id = u.id and u.created_at > f.first`,
  );
  step("comments, complaints, users");

  // Keys first (each locks its table), then the indexes, trigram (GIN) ones first: they take longest.
  const cost = (ix) => (/using gin/i.test(ix.indexdef) ? 1e3 : 1) * ({ activity_log: 3, reports: 1, report_attentions: 1 }[ix.tablename] ?? 0.1);
  await runAll(sessions, keys.map((k) => `alter table ${k.tablename} add constraint ${k.conname} ${k.def}`));
  await runAll(sessions, [...indexes].sort((a, b) => cost(b) - cost(a)).map((ix) => ix.indexdef));
  step(`${keys.length} keys and ${indexes.length} indexes built again`);
  // The search dictionary: the words of every text the reports and comments were made of, and the search
  // told it has read them all (it would otherwise read a million reports on its first query).
  const texts = [...Object.values(DESCRIPTIONS_BY_TYPE).flat(), ...STREETS, ...CITIES.map((c) => c.name), ...OPERATOR_COMMENTS, ...COMMUNITY_COMMENTS];
  await q(
    `insert into search_words (word)
     select distinct w from unnest($1::text[]) t, regexp_split_to_table(f_unaccent(lower(t)), '[^a-z0-9]+') w
      where length(w) between 3 and 30 and w ~ '[a-z]' on conflict do nothing`,
    [texts],
  );
  await q(
    `update search_words_progress set last_report_id = (select coalesce(max(id), 0) from reports), last_comment_id = (select coalesce(max(id), 0) from comments)`,
  );
  await q("reset session_replication_role");
  for (const table of [...big, "users", "user_complaints"]) await q(`vacuum analyze ${table}`);
  step("vacuum analyze");

  const [counts] = await q(
    `select (select count(*)::int from reports) as reports, (select count(*)::int from report_attentions) as attentions,
            (select count(*)::int from activity_log) as activity, (select count(*)::int from comments) as comments,
            (select count(*)::int from users) as users`,
  );
  const seconds = round((Date.now() - started) / 1000);
  const info = { ...counts, requested: reports, companies: companyCount, benchCompanyId: companies[0].id, benchCompanyName: companies[0].name, benchAdmin: "admin-1@bench.cl",
    password: DEMO_PASSWORD, seconds, builtAt: nowIso };
  await q("create table bench_data (info jsonb not null, version integer not null, built_at timestamptz not null)");
  await q("insert into bench_data (info, version, built_at) values ($1::jsonb, $2, $3::timestamptz)", [JSON.stringify(info), VERSION, nowIso]);
  log(`  ${counts.reports.toLocaleString("en")} reports, ${counts.attentions.toLocaleString("en")} attentions, ${counts.activity.toLocaleString("en")} activity entries, ${counts.comments.toLocaleString("en")} comments in ${seconds} s`);
  return info;
}

// ---------------------------------------------------------------------------------------------------
// Where it lives: PostgreSQL (atalaya_bench_data)

async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The marker's info when the set is complete, of this generator's version, fresh enough and migrated by
 * migrations that all still exist; otherwise null. */
async function markerOf(q, shape) {
  const [marker] = await q("select to_regclass('public.bench_data') as t");
  if (!marker?.t) return null;
  const [row] = await q("select info, version, extract(epoch from now() - built_at)::float8 / 86400 as age_days from bench_data");
  if (!row || row.version !== VERSION || row.info.requested !== shape.reports || row.info.companies !== shape.companies) return null;
  if (row.age_days > MAX_AGE_DAYS) {
    log(`the data set is ${round(row.age_days)} days old (over ${MAX_AGE_DAYS}): building it again`);
    return null;
  }
  const files = new Set(readdirSync(join(ROOT, "packages/server/migrations")));
  const applied = (await q("select version from schema_migrations")).map((r) => r.version);
  const gone = applied.filter((v) => !files.has(v));
  if (gone.length) {
    log(`the data set was migrated with ${gone.join(", ")}, which no longer exist: building it again`);
    return null;
  }
  return { ...row.info, ageDays: round(row.age_days, 2) };
}

function assertBenchDatabase(url) {
  const name = new URL(url).pathname.slice(1);
  if (!name.startsWith("atalaya_bench")) throw new Error(`refusing database "${name}": the benchmark data only goes to a database named atalaya_bench…`);
  return name;
}

/** The PostgreSQL data set (1,000,000 reports, 100 companies), built when missing, stale or asked for
 * (`rebuild`, BENCH_DATA_REBUILD=1). Returns its info, with `built` true when built now. */
export async function ensureData({ rebuild = process.env.BENCH_DATA_REBUILD === "1", shape = POSTGRES_SHAPE } = {}) {
  const name = assertBenchDatabase(DATA_DATABASE_URL);
  const admin = new URL(DATA_DATABASE_URL);
  admin.pathname = "/postgres";
  await withClient(admin.toString(), async (c) => {
    if ((await c.query("select 1 from pg_database where datname = $1", [name])).rowCount === 0) await c.query(`create database ${name}`);
  });
  const query = (client) => async (sql, params) => (await client.query(sql, params)).rows;
  if (!rebuild) {
    const info = await withClient(DATA_DATABASE_URL, (c) => markerOf(query(c), shape));
    if (info) {
      log(`reusing the data set in ${name} (${info.reports.toLocaleString("en")} reports, built ${info.ageDays} days ago in ${info.totalSeconds} s)`);
      return { ...info, built: false };
    }
  }
  log(`building ${shape.reports.toLocaleString("en")} reports across ${shape.companies} companies in ${name}`);
  const started = Date.now();
  await withClient(DATA_DATABASE_URL, (c) => c.query("drop schema public cascade; create schema public"));
  const [{ openDatabase }, { migrate }, { seedCatalogue }] = await Promise.all([dist("db/open.js"), dist("db/migrate.js"), dist("catalogue/index.js")]);
  const db = await openDatabase({ databaseUrl: DATA_DATABASE_URL, dataDir: "" });
  try {
    await migrate(db);
    await seedCatalogue(db);
  } finally {
    await db.close();
  }
  log(`  schema migrated (${round((Date.now() - started) / 1000)} s)`);
  // Two more sessions build the indexes side by side (a trigram index alone takes as long as the others).
  const extra = [new pg.Client({ connectionString: DATA_DATABASE_URL }), new pg.Client({ connectionString: DATA_DATABASE_URL })];
  let info;
  try {
    for (const c of extra) {
      await c.connect();
      await c.query("set maintenance_work_mem = '512MB'");
    }
    info = await withClient(DATA_DATABASE_URL, (c) => generate(query(c), { ...shape, sessions: extra.map(query) }));
  } finally {
    for (const c of extra) await c.end().catch(() => undefined);
  }
  const total = round((Date.now() - started) / 1000);
  await withClient(DATA_DATABASE_URL, (c) => c.query("update bench_data set info = info || jsonb_build_object('totalSeconds', $1::float8)", [total]));
  log(`built in ${total} s (${info.seconds} s of it generating)`);
  return { ...info, totalSeconds: total, built: true };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!existsSync(join(DIST, "server.js"))) {
    console.error("packages/server/dist is missing: run `npm run build` first (npm run bench:data does)");
    process.exit(1);
  }
  const rebuild = process.argv.includes("--rebuild") || process.env.BENCH_DATA_REBUILD === "1";
  ensureData({ rebuild }).then(
    (info) => console.log(JSON.stringify(info, null, 2)),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
