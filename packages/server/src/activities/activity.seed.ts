import { activityBodySchema } from "@atalaya/shared";
import { systemScope } from "../auth/access.js";
import { one, type Tx } from "../db/db.js";
import { demoSignature } from "../forms/index.js";
import { insertActivity } from "./activity.repository.js";
import { refreshActivity } from "./activity.service.js";

// The demo's activities: a daily luminaire round for the two operators (two weeks of history, some
// days done, some missed) and a weekly dump check for a patrol, built on the demo's forms.

/** Schedules the demo's activities and adds the submissions that make their compliance history. */
export async function seedDemoActivities(tx: Tx, companyId: number, people: { admin: number; operators: number[]; patrol: number }, now: Date): Promise<void> {
  const scope = systemScope(companyId);
  const form = async (title: string) =>
    (await one<{ id: number }>(tx, `select template_id as id from form_template_versions where company_id = $1 and title = $2 order by template_id limit 1`, [companyId, title]))?.id;
  const inspection = await form("Checklist de inspección de luminarias");
  const dump = await form("Reporte de microbasural");
  if (inspection === undefined || dump === undefined) return;
  // Local dates in the company's time zone: the periods begin at its midnights.
  const dates = await one<{ start: string; end: string; weekStart: string }>(
    tx,
    `select to_char(d - 14, 'YYYY-MM-DD') as start, to_char(d + 60, 'YYYY-MM-DD') as "end", to_char(d - 21, 'YYYY-MM-DD') as "weekStart"
       from (select (now() at time zone c.timezone)::date as d from companies c where c.id = $1) x`,
    [companyId],
  );
  const round = activityBodySchema.parse({
    name: "Ronda diaria de luminarias",
    groups: [{ operator: "or", formIds: [inspection] }],
    userIds: people.operators,
    period: "daily",
    timesPerPeriod: 1,
    totalPeriods: 75,
    startDate: dates!.start,
    endDate: dates!.end,
  });
  const check = activityBodySchema.parse({
    name: "Control semanal de microbasurales",
    groups: [{ operator: "or", formIds: [dump] }],
    userIds: [people.patrol],
    period: "weekly",
    timesPerPeriod: 2,
    totalPeriods: 12,
    startDate: dates!.weekStart,
    endDate: dates!.end,
  });
  const roundId = await insertActivity(tx, scope, round, people.admin);
  const checkId = await insertActivity(tx, scope, check, people.admin);
  // History: the first operator did most days' round, the second about half; the patrol checked twice one week and once the next.
  const submit = async (templateId: number, authorId: number, at: Date, values: Record<string, unknown>) => {
    const row = await one<{ id: number }>(
      tx,
      `insert into form_submissions (company_id, template_id, version, "values", author_id, via, created_at) values ($1, $2, 1, $3, $4, 'app', $5) returning id`,
      [companyId, templateId, JSON.stringify(values), authorId, at],
    );
    return row!.id;
  };
  for (let day = 1; day <= 13; day++) {
    const at = new Date(now.getTime() - day * 24 * 3600_000);
    for (const [i, operator] of people.operators.entries()) {
      if ((i === 0 && day % 5 === 0) || (i > 0 && day % 2 === 0)) continue;
      await submit(inspection, operator, at, {
        inspector: "Ronda diaria", fecha: at.toISOString(), sector: "centro", "tipo-luminaria": "LED", "lum-1": "cumple", "lum-2": "cumple", "lum-3": "cumple",
        "ver-1": "cumple", "ver-2": "cumple", puntaje: 5, observaciones: "Sin observaciones.", firma: demoSignature(day + i * 20),
      });
    }
  }
  for (const days of [3, 9, 10]) {
    await submit(dump, people.patrol, new Date(now.getTime() - days * 24 * 3600_000), { tipo: "escombros", detalle: "ladrillos", volumen: 2, ubicacion: { lat: -33.4415, lng: -70.6588, address: "Agustinas 2150, Santiago" } });
  }
  await refreshActivity(tx, scope, roundId, now.getTime());
  await refreshActivity(tx, scope, checkId, now.getTime());
}
