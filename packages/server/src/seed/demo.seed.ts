import { MODULES, REPORT_TYPES, DEFAULT_USER_SETTINGS, type ReportStatus } from "@atalaya/shared";
import { seedDemoActivities } from "../activities/index.js";
import { seedDemoForms } from "../forms/index.js";
import { hashPassword } from "../auth/password-hash.js";
import type { PasswordCost } from "../config.js";
import { one, type Db, type Tx } from "../db/db.js";
import { seedReportLife } from "./report-life.seed.js";
import { seedDemoMessages } from "./demo-messages.seed.js";
import { ringContains, toGeoJsonPolygon, toPgPolygon, type Position } from "../zones/index.js";
import {
  CATEGORY_ATTENTION,
  DEMO_ANSWERS,
  DEMO_COMPANY,
  DEMO_FREEMIUM_COMPANY,
  DEMO_FREEMIUM_OPERATOR,
  DEMO_PROVIDER_ADMIN,
  DEMO_NEIGHBOURS,
  DEMO_PASSWORD,
  DEMO_SECOND_COMPANY,
  DEMO_STAFF,
  DEMO_TAGS,
  DEMO_TEAMS,
  DEMO_ZONES,
  STREETS,
  describe,
  seededRandom,
  statusFor,
} from "./demo-data.js";
import { seedAssetsAndSafetags } from "./demo-assets.js";

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
const REPORT_COUNT = 300;

function randomPointIn(ring: Position[], rnd: () => number): Position {
  const xs = ring.map((p) => p[0]);
  const ys = ring.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  for (;;) {
    const p: Position = [minX + rnd() * (maxX - minX), minY + rnd() * (maxY - minY)];
    if (ringContains(ring, p)) return [Number(p[0].toFixed(6)), Number(p[1].toFixed(6))];
  }
}

async function insertCompany(tx: Tx, c: typeof DEMO_COMPANY, modules: string[]): Promise<number> {
  const row = await one<{ id: number }>(
    tx,
    `insert into companies (name, bound_latitude, bound_longitude, modules, click_to_call)
     values ($1, $2, $3, $4, false) returning id`,
    [c.name, c.bound.latitude, c.bound.longitude, modules],
  );
  return row!.id;
}

/** Seeds the demo organisation once (a database that already has a company is left alone). Returns
 * true when it seeded. */
export async function seedDemo(db: Db, cost: PasswordCost, now = new Date()): Promise<boolean> {
  const existing = await one<{ n: number }>(db, "select count(*)::int as n from companies");
  if ((existing?.n ?? 0) > 0) return false;
  const rnd = seededRandom(20261122);
  const passwordHash = await hashPassword(DEMO_PASSWORD, cost);

  await db.transaction(async (tx) => {
    const companyId = await insertCompany(tx, DEMO_COMPANY, [...MODULES]);
    const secondId = await insertCompany(tx, DEMO_SECOND_COMPANY, ["events"]);
    await tx.query(
      `insert into company_config (company_id, name, value) values
       ($1, 'pollingNewReportsMinutes', '15'), ($1, 'geocoderUrl', ''), ($1, 'demo', 'true'), ($2, 'demo', 'true')`,
      [companyId, secondId],
    );

    const zoneIds: number[] = [];
    for (const z of DEMO_ZONES) {
      const row = await one<{ id: number }>(
        tx,
        "insert into zones (company_id, name, geojson, area) values ($1, $2, $3, $4::polygon) returning id",
        [companyId, z.name, JSON.stringify(toGeoJsonPolygon(z.ring)), toPgPolygon(z.ring)],
      );
      zoneIds.push(row!.id);
    }
    await tx.query("insert into zones (company_id, name, geojson, area) values ($1, $2, $3, $4::polygon)", [
      secondId,
      DEMO_ZONES[1]!.name,
      JSON.stringify(toGeoJsonPolygon(DEMO_ZONES[1]!.ring)),
      toPgPolygon(DEMO_ZONES[1]!.ring),
    ]);

    const activeTypes = REPORT_TYPES.filter((t) => t.active);
    await tx.query(
      `insert into company_report_types (company_id, report_type_id, priority, attention_time, attention_unit)
       select $1::int, x.id, x.priority, x.time, x.unit from jsonb_to_recordset($2::jsonb) as x(id int, priority text, time int, unit text)`,
      [companyId, JSON.stringify(activeTypes.map((t) => ({ id: t.id, ...CATEGORY_ATTENTION[t.category_id]! })))],
    );
    await tx.query(
      `insert into company_report_types (company_id, report_type_id, priority, attention_time, attention_unit)
       select $1::int, id, 'normal', 1, 'days' from report_types where active and category_id in (3, 4)`,
      [secondId],
    );

    const staff: Record<string, number> = {};
    let patrolIndex = 0;
    for (const s of DEMO_STAFF) {
      const row = await one<{ id: number }>(
        tx,
        `insert into users (email, password_hash, first_name, last_name, groups, phone, settings, verified)
         values ($1, $2, $3, $4, $5, $6, $7, true) returning id`,
        [s.email, passwordHash, s.first, s.last, s.groups, "+56 9 5555 0" + String(100 + Object.keys(staff).length), JSON.stringify(DEFAULT_USER_SETTINGS)],
      );
      staff[s.email] = row!.id;
      await tx.query(
        `insert into memberships (company_id, user_id, role, patrol_status, zone_ids, report_type_ids, last_latitude, last_longitude, last_position_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, case when $7::float8 is null then null else now() end)`,
        [
          companyId,
          row!.id,
          s.role,
          s.role === "patrol" ? "online" : "offline",
          s.restricted ? [zoneIds[s.restricted.zone]!] : [],
          s.restricted?.types ?? [],
          // Patrols start the demo on the map, a few blocks apart in the centre (for an hour: then
          // `npm run simulate` drives them).
          ...(s.role === "patrol" ? [-33.4378 - 0.004 * (patrolIndex % 3), -70.6505 + 0.005 * patrolIndex++] : [null, null]),
        ],
      );
    }
    // The admin also runs the neighbours' association: the company selector has two entries.
    await tx.query("insert into memberships (company_id, user_id, role) values ($1, $2, 'company_admin')", [
      secondId,
      staff["admin@demo.cl"],
    ]);
    // A freemium organisation with its operator, and the provider's administrator (a company admin of
    // the demo organisation, so the portal opens) who sees every organisation on /v3/companies.
    const freemiumId = await insertCompany(tx, DEMO_FREEMIUM_COMPANY, ["events", "history", "teams", "messages"]);
    await tx.query("update companies set is_freemium = true where id = $1", [freemiumId]);
    for (const [person, company, role] of [
      [DEMO_FREEMIUM_OPERATOR, freemiumId, "operator"],
      [DEMO_PROVIDER_ADMIN, companyId, "company_admin"],
    ] as const) {
      const row = await one<{ id: number }>(
        tx,
        `insert into users (email, password_hash, first_name, last_name, groups, settings, verified)
         values ($1, $2, $3, $4, $5, $6, true) returning id`,
        [person.email, passwordHash, person.first, person.last, person.groups, JSON.stringify(DEFAULT_USER_SETTINGS)],
      );
      await tx.query("insert into memberships (company_id, user_id, role) values ($1, $2, $3)", [company, row!.id, role]);
    }
    const operators = [staff["operador@demo.cl"]!, staff["operadora@demo.cl"]!];

    const teamIds: number[] = [];
    for (const t of DEMO_TEAMS) {
      const row = await one<{ id: number }>(tx, "insert into teams (company_id, name, color) values ($1, $2, $3) returning id", [
        companyId,
        t.name,
        t.color,
      ]);
      teamIds.push(row!.id);
    }
    await tx.query(
      `insert into team_members (company_id, team_id, user_id) values ($1, $2, $4), ($1, $3, $5), ($1, $3, $6)`,
      [companyId, teamIds[0], teamIds[2], staff["patrulla@demo.cl"], operators[0], operators[1]],
    );
    // Messages to collaborators (issue 15): one to everyone, read by one operator; one to the admin, unread.
    for (const m of [
      { from: staff["admin@demo.cl"]!, everyone: true, to: [] as number[], readBy: [operators[1]], hoursAgo: 20,
        title: "Bienvenida al turno de fin de semana", body: "Recuerden revisar los reportes pendientes de la zona centro antes de cada ronda.\nGracias por el trabajo de esta semana." },
      { from: operators[1]!, everyone: false, to: [staff["admin@demo.cl"]!], readBy: [], hoursAgo: 2,
        title: "Cámara de Huérfanos sin imagen", body: "La cámara de Huérfanos con Bandera no transmite desde las 8:00. ¿Avisamos a mantención?" },
    ]) {
      const row = await one<{ id: number }>(
        tx,
        `insert into collaborator_messages (company_id, sender_user_id, title, body, everyone, user_ids, created_at)
         values ($1, $2, $3, $4, $5, $6, now() - make_interval(hours => $7)) returning id`,
        [companyId, m.from, m.title, m.body, m.everyone, m.to, m.hoursAgo],
      );
      await tx.query(
        `insert into collaborator_message_recipients (message_id, company_id, user_id, read_at)
         select $1, $2, ms.user_id, case when ms.user_id = any($6::int[]) then now() - interval '1 hour' end
           from memberships ms join users u on u.id = ms.user_id
          where ms.company_id = $2 and ms.user_id <> $3 and not u.locked and ($4 or ms.user_id = any($5::int[]))`,
        [row!.id, companyId, m.from, m.everyone, m.to, m.readBy],
      );
    }
    for (const a of DEMO_ANSWERS) {
      await tx.query(
        `insert into automatic_answers (company_id, title, answer, usable_in_management, usable_in_closure)
         values ($1, $2, $3, true, $4)`,
        [companyId, a.title, a.answer, a.closure],
      );
    }
    for (const t of DEMO_TAGS) {
      await tx.query("insert into tags (company_id, name, color) values ($1, $2, $3)", [companyId, t.name, t.color]);
    }

    const neighbours: number[] = [];
    for (const [i, [first, last]] of DEMO_NEIGHBOURS.entries()) {
      const row = await one<{ id: number }>(
        tx,
        `insert into users (email, password_hash, first_name, last_name, groups, phone, lang)
         values ($1, $2, $3, $4, '{13}', $5, 'es') returning id`,
        [`vecino${i + 1}@demo.cl`, passwordHash, first, last, `+56 9 7${String(1000 + i * 79).slice(1)} ${String(10000 + i * 7919).slice(1)}`],
      );
      neighbours.push(row!.id);
    }

    // Issue 17: the first neighbour subscribes (premium, a year), and the demo organisation joins the
    // SPEC §6 premium_alert and subscription_badges gates as data (a row each), so its reports carry the
    // premium marker and badge and a new one from that neighbour sounds the premium alert.
    await tx.query("update users set subscription = 'premium', subscription_until = $2::timestamptz + interval '365 days' where id = $1", [
      neighbours[0],
      now.toISOString(),
    ]);
    // The demo organisation is in the gates its screens show (SPEC §6 gives them by company id): the
    // premium alert and badges, and locking reported community users (the reported users screen).
    await tx.query(
      "insert into company_gates (gate, company_id) values ('premium_alert', $1), ('subscription_badges', $1), ('block_users_without_role', $1) on conflict do nothing",
      [companyId],
    );
    // Its own random stream, so the reports below stay where they were.
    const placeRnd = seededRandom(20261127);
    // Mass messages (issue 15): the neighbours placed in the zones, a custom zone, messages in each state.
    await seedDemoMessages(tx, companyId, staff["admin@demo.cl"]!, neighbours, (zone) => randomPointIn(DEMO_ZONES[zone]!.ring, placeRnd), now);

    // Reports of the last 30 days, each inside one of the zones, with this company's attention.
    const reports = [];
    for (let i = 0; i < REPORT_COUNT; i++) {
      const zoneIndex = rnd() < 0.7 ? 0 : 1;
      const [lng, lat] = randomPointIn(DEMO_ZONES[zoneIndex]!.ring, rnd);
      const type = activeTypes[Math.floor(rnd() * activeTypes.length)]!;
      const ageHours = Math.pow(rnd(), 1.6) * 30 * 24;
      const createdAt = new Date(now.getTime() - ageHours * 3_600_000);
      const status: ReportStatus = statusFor(ageHours, rnd);
      const attention = CATEGORY_ATTENTION[type.category_id]!;
      const anonymous = rnd() < 0.15;
      const operator = operators[Math.floor(rnd() * operators.length)]!;
      const worked = status !== "pending";
      const closed = status === "solved" || status === "false";
      reports.push({
        type_id: type.id,
        description: describe(type.id, rnd),
        latitude: lat,
        longitude: lng,
        address: `${STREETS[Math.floor(rnd() * STREETS.length)]} ${100 + Math.floor(rnd() * 1900)}, Santiago`,
        user_id: neighbours[Math.floor(rnd() * neighbours.length)]!,
        is_anonymous: anonymous,
        created_at: createdAt.toISOString(),
        zone_id: zoneIds[zoneIndex]!,
        status,
        priority: attention.priority,
        due_date: new Date(createdAt.getTime() + attention.time * UNIT_MS[attention.unit]).toISOString(),
        assigned_user_id: worked ? operator : null,
        closed_by_user_id: closed ? operator : null,
        closed_at: closed ? new Date(createdAt.getTime() + (0.2 + rnd() * 6) * 3_600_000).toISOString() : null,
        closing_kind: closed ? status : null,
        likes: Math.floor(rnd() * rnd() * 12),
      });
    }
    reports.sort((a, b) => a.created_at.localeCompare(b.created_at));
    const inserted = await tx.query<{ id: number; created_at: Date }>(
      `insert into reports (type_id, initial_type_id, description, latitude, longitude, address, user_id, is_anonymous,
                            informer_type, likes_count, created_at, updated_at)
       select type_id, type_id, description, latitude, longitude, address, user_id, is_anonymous,
              case when is_anonymous then 'anonymous' else 'user' end, likes, created_at, created_at
         from jsonb_to_recordset($1::jsonb) as x(type_id int, description text, latitude float8, longitude float8,
              address text, user_id int, is_anonymous boolean, likes int, created_at timestamptz)
       order by created_at
       returning id, created_at`,
      [JSON.stringify(reports)],
    );
    const withIds = reports.map((r, i) => ({ ...r, report_id: inserted[i]!.id }));
    await tx.query(
      `insert into report_attentions (company_id, report_id, status, closing_kind, priority, due_date, assigned_user_id,
                                      closed_by_user_id, closed_at, is_anonymous, zone_ids, created_at, updated_at)
       select $1::int, report_id, status, closing_kind, priority, due_date, assigned_user_id, closed_by_user_id, closed_at,
              is_anonymous, array[zone_id], created_at, coalesce(closed_at, created_at)
         from jsonb_to_recordset($2::jsonb) as x(report_id int, status text, closing_kind text, priority text,
              due_date timestamptz, assigned_user_id int, closed_by_user_id int, closed_at timestamptz,
              is_anonymous boolean, zone_id int, created_at timestamptz)
       order by report_id`,
      [companyId, JSON.stringify(withIds)],
    );
    // The activity log tells each report's story so far.
    await tx.query(
      `insert into activity_log (company_id, report_id, actor_user_id, action, data, created_at)
       select $1::int, report_id, null, 'created', '{}'::jsonb, created_at from jsonb_to_recordset($2::jsonb)
              as x(report_id int, created_at timestamptz)
       union all
       select $1::int, report_id, assigned_user_id, 'taken', '{}'::jsonb, created_at + interval '3 minutes'
         from jsonb_to_recordset($2::jsonb) as x(report_id int, assigned_user_id int, created_at timestamptz)
        where assigned_user_id is not null
       union all
       select $1::int, report_id, closed_by_user_id, 'closed', jsonb_build_object('kind', closing_kind), closed_at
         from jsonb_to_recordset($2::jsonb) as x(report_id int, closed_by_user_id int, closing_kind text, closed_at timestamptz)
        where closed_by_user_id is not null`,
      [companyId, JSON.stringify(withIds)],
    );
    const commented = withIds.filter((r) => r.status !== "pending").slice(-60);
    await tx.query(
      `insert into comments (report_id, user_id, company_id, body, created_at)
       select report_id, user_id, $1, body, created_at from jsonb_to_recordset($2::jsonb)
              as x(report_id int, user_id int, body text, created_at timestamptz)`,
      [
        companyId,
        JSON.stringify(
          commented.map((r) => ({
            report_id: r.report_id,
            user_id: r.assigned_user_id,
            body: r.closing_kind ? "Gracias por avisar. El caso fue atendido por el equipo en terreno." : "Recibido, enviamos una patrulla al lugar.",
            created_at: new Date(new Date(r.created_at).getTime() + 10 * 60_000).toISOString(),
          })),
        ),
      ],
    );
    // The community writes too (the replies inbox of issue 12): neighbours comment on recent reports,
    // some before the company's comment (answered) and some after it or where it never wrote (unanswered).
    const communityBodies = [
      "¿Hay novedades? Sigue pasando en la esquina.",
      "Yo también lo vi, fue hace unos minutos.",
      "Gracias por la rápida respuesta.",
      "Por favor manden a alguien, es urgente.",
      "Ya se fueron, pero volvieron a aparecer anoche.",
    ];
    const talked = withIds.slice(-48).filter((_, i) => i % 2 === 0);
    await tx.query(
      `insert into comments (report_id, user_id, company_id, body, created_at)
       select report_id, user_id, null, body, created_at from jsonb_to_recordset($1::jsonb)
              as x(report_id int, user_id int, body text, created_at timestamptz)`,
      [
        JSON.stringify(
          talked.map((r, i) => ({
            report_id: r.report_id,
            user_id: neighbours[(i * 7) % neighbours.length]!,
            body: communityBodies[i % communityBodies.length]!,
            created_at: new Date(new Date(r.created_at).getTime() + (i % 3 === 0 ? 5 : 25) * 60_000).toISOString(),
          })),
        ),
      ],
    );
    const [lng, lat] = randomPointIn(DEMO_ZONES[0]!.ring, rnd);
    await seedReportLife(tx, companyId, withIds, { ids: neighbours, passwordHash, point: { latitude: lat!, longitude: lng! }, typeId: activeTypes[0]!.id }, now);
    // Issue 17: the demo organisation is in the SPEC §6 phone-call gate (call buttons beside phones),
    // two open reports carry the stolen-plate flag of a plate the demo's fake police service reports
    // stolen, and the lookups log has the operators' recent lookups.
    await tx.query("insert into company_gates (gate, company_id) values ('phone_calls', $1) on conflict do nothing", [companyId]);
    await tx.query("update companies set click_to_call = true where id = $1", [companyId]);
    const flagged = withIds.filter((r) => r.status === "in_progress").slice(-2);
    for (const [i, r] of flagged.entries()) {
      const plate = ["BBCL23", "KHTR45"][i]!;
      await tx.query("update report_attentions set stolen_plate = $3 where company_id = $1 and report_id = $2", [companyId, r.report_id, plate]);
      await tx.query(
        "insert into activity_log (company_id, report_id, actor_user_id, action, data, created_at) values ($1, $2, $3, 'stolenPlateFlagged', $4, $5)",
        [companyId, r.report_id, r.assigned_user_id, JSON.stringify({ plate }), new Date(new Date(r.created_at).getTime() + 8 * 60_000)],
      );
    }
    const lookups = [
      ["BBCL23", "stolen"], ["DRLP61", "clear"], ["KHTR45", "stolen"], ["CD5678", "clear"], ["BBCL23", "stolen"], ["GHJK12", "clear"],
    ] as const;
    for (const [i, [plate, result]] of lookups.entries()) {
      await tx.query("insert into plate_lookups (company_id, user_id, plate, result, cached, created_at) values ($1, $2, $3, $4, $5, $6)", [
        companyId,
        operators[i % operators.length],
        plate,
        result,
        i === 4,
        new Date(now.getTime() - (lookups.length - i) * 47 * 60_000),
      ]);
    }
    await seedAssetsAndSafetags(tx, companyId, staff["admin@demo.cl"]!, neighbours[0]!);
    // Dynamic forms (issue 16): an inspection checklist and a report form, with answers.
    await seedDemoForms(tx, companyId, { admin: staff["admin@demo.cl"]!, operators, patrol: staff["patrulla@demo.cl"]! }, now);
    // Activities (issue 16): a daily round and a weekly check on those forms, with compliance history.
    await seedDemoActivities(tx, companyId, { admin: staff["admin@demo.cl"]!, operators, patrol: staff["patrulla@demo.cl"]! }, now);
  });
  return true;
}
