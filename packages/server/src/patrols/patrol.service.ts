import { PATROL_MARKER_LIFETIME_MS, PATROL_OFFLINE_AFTER_MS, type Patrol, type PatrolPositionBody, type PatrolStatus } from "@atalaya/shared";
import { systemScope, type Actor, type CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { forbidden, invalidField } from "../http/errors.js";
import { listPatrols, patrolCompanies, recordPosition, setPatrolStatus, type PatrolRow } from "./patrol.repository.js";

/** A patrol as operators see it at `now`: offline once its positions stopped, its marker gone an hour
 * after the last one (SPEC §9). */
export function presentPatrol(row: PatrolRow, now = Date.now()): Patrol {
  const at = row.last_position_at ? new Date(row.last_position_at).getTime() : null;
  const silent = at === null || now - at > PATROL_OFFLINE_AFTER_MS;
  const shown = at !== null && now - at <= PATROL_MARKER_LIFETIME_MS && row.last_latitude !== null && row.last_longitude !== null;
  return {
    id: row.id,
    uuid: row.uuid,
    name: `${row.first_name} ${row.last_name}`.trim(),
    status: silent ? "offline" : row.patrol_status,
    position: shown ? { latitude: row.last_latitude!, longitude: row.last_longitude!, heading: row.last_heading, recorded_at: new Date(at).toISOString() } : null,
    report: row.report_id !== null ? { id: row.report_id, uuid: row.report_uuid!, type: row.report_type!, title: row.report_title, status: row.report_status! } : null,
  };
}

async function requirePatrol(ctx: AppContext, actor: Actor): Promise<number[]> {
  const companies = await patrolCompanies(ctx.db, actor.user.id);
  if (companies.length === 0) throw forbidden();
  return companies;
}

/** Tells each of the patrol's companies where it is now (`patrol` messages are not stored: the next
 * position replaces them, and the map reads the latest from the list). */
async function announce(ctx: AppContext, companyIds: readonly number[], userId: number): Promise<void> {
  for (const companyId of companyIds) {
    const [row] = await listPatrols(ctx.db, systemScope(companyId), userId);
    if (row) await ctx.bus.publish({ type: "patrol", seq: 0, companyId, data: { patrol: presentPatrol(row) }, audience: null }).catch(() => undefined);
  }
}

/** POST /api/app/positions: the signed-in patrol's position, stored in each of its companies. */
export async function reportPosition(ctx: AppContext, actor: Actor, body: PatrolPositionBody): Promise<{ status: PatrolStatus; companies: number[] }> {
  const companies = await requirePatrol(ctx, actor);
  const now = Date.now();
  const recordedAt = body.recordedAt ? new Date(body.recordedAt) : new Date(now);
  // A phone sending a queue of old positions after a tunnel is fine; one from another day or the future is not.
  if (recordedAt.getTime() > now + 60_000 || now - recordedAt.getTime() > PATROL_MARKER_LIFETIME_MS) throw invalidField("recordedAt", "out_of_range");
  const rows = await ctx.db.transaction((tx) =>
    recordPosition(tx, actor.user.id, companies, {
      latitude: body.latitude,
      longitude: body.longitude,
      accuracy: body.accuracy ?? null,
      heading: body.heading ?? null,
      speed: body.speed ?? null,
      recordedAt,
    }),
  );
  await announce(ctx, companies, actor.user.id);
  return { status: rows[0]?.patrol_status ?? "online", companies };
}

/** PUT /api/app/patrol-status: the patrol says whether it is available, busy, away or offline. */
export async function changePatrolStatus(ctx: AppContext, actor: Actor, status: PatrolStatus): Promise<{ status: PatrolStatus; companies: number[] }> {
  await requirePatrol(ctx, actor);
  const companies = await setPatrolStatus(ctx.db, actor.user.id, status);
  await announce(ctx, companies, actor.user.id);
  return { status, companies };
}

/** GET …/patrols: the company's patrols with status, position and current report. */
export async function companyPatrols(ctx: AppContext, scope: CompanyScope): Promise<Patrol[]> {
  const now = Date.now();
  return (await listPatrols(ctx.db, scope)).map((row) => presentPatrol(row, now));
}
