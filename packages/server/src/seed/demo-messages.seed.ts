import { one, type Tx } from "../db/db.js";
import { messageRecipientIds } from "../messages/index.js";
import { toGeoJsonPolygon, toPgPolygon, type Position } from "../zones/index.js";

/** A plaza-sized custom zone around Santiago's Plaza de Armas (inside the demo's first zone). */
const PLAZA: Position[] = [[-70.6535, -33.4355], [-70.6465, -33.4355], [-70.6465, -33.4405], [-70.6535, -33.4405]];

/** Mass messages of the demo (issue 15): the demo's neighbours placed in its zones (last location or
 * home), a custom zone, and messages in several states; the sent one already in the inbox of the app
 * users of the default zone, two of them having opened it. */
export async function seedDemoMessages(
  tx: Tx,
  companyId: number,
  authorId: number,
  neighbours: readonly number[],
  pointIn: (zoneIndex: number) => Position,
  now: Date,
): Promise<void> {
  for (const [i, userId] of neighbours.entries()) {
    const [lng, lat] = pointIn(i % 3 === 0 ? 1 : 0);
    await tx.query(
      i % 2 === 0
        ? "insert into app_user_locations (user_id, last_longitude, last_latitude, last_seen_at) values ($1, $2, $3, now())"
        : "insert into app_user_locations (user_id, home_longitude, home_latitude) values ($1, $2, $3)",
      [userId, lng, lat],
    );
  }
  const zone = await one<{ id: number }>(
    tx,
    `insert into message_zones (company_id, name, geojson, area, fill_color, fill_opacity, line_color, line_weight)
     values ($1, 'Plaza de Armas', $2, $3::polygon, '#1677ff', 0.25, '#0958d9', 3) returning id`,
    [companyId, JSON.stringify(toGeoJsonPolygon(PLAZA)), toPgPolygon(PLAZA)],
  );
  const day = 24 * 3_600_000;
  const messages: { title: string; body: string; state: number; zone: number | null; schedule?: Date; reason?: string; ad?: boolean }[] = [
    { title: "Corte de agua programado", body: "<p>Mañana de <strong>9:00 a 14:00</strong> no habrá agua en el sector centro.</p>", state: 3, zone: null },
    { title: "Feria de seguridad en la plaza", body: "<p>Te esperamos el sábado en la <em>Plaza de Armas</em>.</p>", state: 5, zone: zone!.id, schedule: new Date(now.getTime() + 3 * day) },
    { title: "Operativo de poda", body: "<p>Poda de árboles en calles del sector.</p>", state: 2, zone: null, schedule: new Date(now.getTime() + 5 * day) },
    { title: "Descuentos en el comercio local", body: "<p>Promociones de la semana.</p>", state: 6, zone: null, reason: "Los mensajes publicitarios necesitan la marca de publicidad", ad: false },
    { title: "Borrador: reunión de vecinos", body: "<p>Junta vecinal el jueves.</p>", state: 1, zone: zone!.id },
  ];
  for (const m of messages) {
    const row = await one<{ id: number }>(
      tx,
      `insert into messages (company_id, title, body, state, zone_id, schedule_at, wants_schedule, reject_reason, ad, author_id, sent_at)
       values ($1, $2, $3, $4::smallint, $5, $6, $7, $8, $9, $10, case when $4::int = 3 then now() end) returning id`,
      [companyId, m.title, m.body, m.state, m.zone, m.schedule?.toISOString() ?? null, m.schedule !== undefined, m.reason ?? null, m.ad ?? false, authorId],
    );
    if (m.state !== 3) continue;
    const recipients = await messageRecipientIds(tx, companyId, m.zone);
    await tx.query(
      `insert into app_inbox (app_user_id, message_id, company_id, opened_at)
       select u, $2, $3, case when ord <= 2 then now() end from unnest($1::int[]) with ordinality as r(u, ord)`,
      [recipients, row!.id, companyId],
    );
    await tx.query("update messages set sent_count = $2, opened_count = least(2, $2), recipients_total = $2, delivery_cursor = coalesce($3, 0) where id = $1", [
      row!.id,
      recipients.length,
      recipients.at(-1) ?? null,
    ]);
  }
}
