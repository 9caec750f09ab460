import type { Tx } from "../db/db.js";

/** What the demo's report-life data needs of the demo's reports. */
interface SeededReport {
  report_id: number;
  status: string;
  assigned_user_id: number | null;
  is_anonymous: boolean;
  created_at: string;
}

/** Issue 17 in the demo: the organisation's substatuses (some set on reports being worked), ratings on
 * solved reports, information gathering (one answered, one waiting) and review turned on with a new
 * neighbour whose two reports wait in the review queue. */
export async function seedReportLife(
  tx: Tx,
  companyId: number,
  reports: readonly SeededReport[],
  neighbour: { ids: readonly number[]; passwordHash: string; point: { latitude: number; longitude: number }; typeId: number },
  now: Date,
): Promise<void> {
  const substatuses = await tx.query<{ id: number }>(
    `insert into company_substatuses (company_id, name, position)
     select $1, name, ord::int from unnest($2::text[]) with ordinality as s(name, ord) order by ord returning id`,
    [companyId, ["Derivado a Carabineros", "En espera de vecino", "Coordinando con municipio"]],
  );
  const working = reports.filter((r) => r.status === "in_progress" || r.status === "in_observation");
  for (const [i, r] of working.slice(-9).entries())
    if (i % 2 === 0)
      await tx.query("update report_attentions set substatus_id = $3 where company_id = $1 and report_id = $2", [companyId, r.report_id, substatuses[i % 3]!.id]);

  const solved = reports.filter((r) => r.status === "solved" && !r.is_anonymous);
  const comments = ["Muy rápidos, gracias.", "Llegaron, pero tardaron.", "Excelente atención.", null, "Resolvieron el problema."];
  for (const [i, r] of solved.slice(-40).entries())
    if (i % 3 !== 2)
      await tx.query("update reports set rating_points = $2, rating_body = $3, rated_at = now() where id = $1", [r.report_id, [5, 3, 4, 5, 4][i % 5], comments[i % 5]]);

  const [answered, waiting] = working.filter((r) => !r.is_anonymous).slice(-2);
  if (answered)
    await tx.query(
      `insert into report_gatherings (company_id, report_id, questions, answers, started_by, started_at, completed_at)
       values ($1, $2, $3, $4, $5, now() - interval '40 minutes', now() - interval '25 minutes')`,
      [
        companyId,
        answered.report_id,
        JSON.stringify([{ text: "¿Hacia dónde se fueron?", required: true }, { text: "¿Pudo ver la patente?", required: false }]),
        JSON.stringify(["Hacia la Alameda, en un auto gris", "Empezaba con BC"]),
        answered.assigned_user_id,
      ],
    );
  if (waiting)
    await tx.query("insert into report_gatherings (company_id, report_id, questions, started_by, started_at) values ($1, $2, $3, $4, now() - interval '10 minutes')", [
      companyId,
      waiting.report_id,
      JSON.stringify([{ text: "¿Sigue ocurriendo en este momento?", required: true }]),
      waiting.assigned_user_id,
    ]);

  // Review: on, with the defaults. The demo's neighbours have reported for a month, so their accounts are
  // older than that (their reports reach the panel at once); one who joined today has two waiting.
  await tx.query("update users set created_at = $2 where id = any($1::int[])", [neighbour.ids, new Date(now.getTime() - 90 * 86_400_000)]);
  await tx.query("update companies set review_enabled = true, review_new_reporter_days = 7, review_abuse_threshold = 3 where id = $1", [companyId]);
  const [newcomer] = await tx.query<{ id: number }>(
    `insert into users (email, password_hash, first_name, last_name, groups, phone, lang)
     values ('vecina.nueva@demo.cl', $1, 'Rocío', 'Fuentes', '{13}', '+56 9 7123 4567', 'es') returning id`,
    [neighbour.passwordHash],
  );
  const descriptions = ["Hay una persona intentando abrir autos en el estacionamiento", "Ruidos fuertes y gritos en el pasaje desde hace una hora"];
  for (const [i, description] of descriptions.entries()) {
    const [report] = await tx.query<{ id: number }>(
      `insert into reports (type_id, initial_type_id, description, latitude, longitude, address, user_id, informer_type, created_at, updated_at)
       values ($1, $1, $2, $3, $4, $5, $6, 'user', $7, $7) returning id`,
      [neighbour.typeId, description, neighbour.point.latitude + i * 0.001, neighbour.point.longitude, "Pasaje Los Aromos 45, Santiago", newcomer!.id, new Date(now.getTime() - (30 - i * 20) * 60_000)],
    );
    await tx.query("insert into report_reviews (company_id, report_id, reason) values ($1, $2, 'newReporter')", [companyId, report!.id]);
  }
}
