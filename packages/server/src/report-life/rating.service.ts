import type { RateReport, Rating } from "@atalaya/shared";
import type { Actor } from "../auth/access.js";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/db.js";
import { AppError, notFound } from "../http/errors.js";
import { changeWithEvents } from "../realtime/publish.js";
import { recordReportChange } from "../reports/index.js";
import { findOwnReport } from "./gathering.repository.js";

/** The companies attending the report, and whether one of them closed it (solved or not applicable). */
async function attentionsOf(tx: Tx, reportId: number): Promise<{ companies: number[]; closed: boolean }> {
  const rows = await tx.query<{ company_id: number; status: string }>(
    "select company_id, status from report_attentions where report_id = $1 order by company_id",
    [reportId],
  );
  return { companies: rows.map((r) => r.company_id), closed: rows.some((r) => r.status === "solved" || r.status === "false") };
}

/** The reporter rates the attention of their report (SPEC §3 Rating), once, after it was closed: 409
 * notClosed before, alreadyRated after. Every attending company's detail shows it live; the operators
 * dashboard averages it per operator who closed. */
export async function rateReport(ctx: AppContext, actor: Actor, uuid: string, body: RateReport): Promise<Rating> {
  return changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
    const report = await findOwnReport(tx, actor.user.id, uuid);
    if (!report) throw notFound();
    const { companies, closed } = await attentionsOf(tx, report.id);
    if (report.rating_points !== null) throw new AppError(409, "conflict", "alreadyRated");
    if (!closed) throw new AppError(409, "conflict", "notClosed");
    const text = body.body ? body.body : null;
    // The condition settles two ratings sent at once: the second changes nothing and is refused.
    const rated = await tx.query(
      "update reports set rating_points = $2, rating_body = $3, rated_at = now() where id = $1 and rating_points is null returning 1",
      [report.id, body.points, text],
    );
    if (rated.length === 0) throw new AppError(409, "conflict", "alreadyRated");
    for (const companyId of companies) await recordReportChange(tx, emit, ctx.config.publicUrl, companyId, report.id, "rated", { points: body.points });
    return { points: body.points, body: text, reportUuid: report.uuid, reportId: report.id, reportType: report.type_id };
  });
}
