import type { ConflictReason, Language, Report } from "@atalaya/shared";
import { can, companiesSeeingReport, type Actor, type CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { geocode, usableAddress } from "../geocoding/index.js";
import { AppError, notFound } from "../http/errors.js";
import { queueNeighbourNotice, stopNeighbourNotice } from "../messages/index.js";
import {
  shareFacts,
  moveReport,
  setNeighboursNotification,
  zonesContaining,
} from "./report-actions.repository.js";
import { shareUrlOf } from "./report.presenter.js";
import { findReport, type ReportRow } from "./report.repository.js";
import { changeReport } from "./commands.js";

const closed = (row: ReportRow) => row.status === "solved" || row.status === "false";
const invalid = (reason: ConflictReason) => new AppError(409, "invalidTransition", reason);

/** Notifies the app users within 500 m of the report (again after a cancellation): a job delivers the
 * notice to their inbox; answers how many.
 * Already notifying, a closed report or one its author deleted is 409. */
export async function notifyNeighbours(
  ctx: AppContext,
  scope: CompanyScope,
  reportId: number,
): Promise<{ report: Report; neighbours: number }> {
  let neighbours = 0;
  const report = await changeReport(ctx, scope, reportId, "report.work", "neighboursNotified", async (tx, row) => {
    if (closed(row) || row.deleted_at) throw invalid("closed");
    if (row.notify_neighbours && !row.notification_neighbours_was_canceled) throw invalid("alreadyNotified");
    await setNeighboursNotification(tx, scope, reportId, true);
    // The notice reaches them through the reporter app's inbox, delivered by a job (messages domain).
    neighbours = await queueNeighbourNotice(tx, scope, reportId, row.latitude, row.longitude);
    return { neighbours };
  });
  ctx.jobs.kick();
  return { report, neighbours };
}

/** Cancels the neighbours' notification; before notifying or a second time is 409. */
export function cancelNeighboursNotification(ctx: AppContext, scope: CompanyScope, reportId: number): Promise<Report> {
  return changeReport(ctx, scope, reportId, "report.work", "neighboursNotificationCanceled", async (tx, row) => {
    if (!row.notify_neighbours || row.notification_neighbours_was_canceled) throw invalid("notNotified");
    await setNeighboursNotification(tx, scope, reportId, false);
    // What is not delivered yet is not: the job stops before its next batch.
    await stopNeighbourNotice(tx, scope, reportId);
  });
}

function requireAddressChangeable(row: ReportRow): void {
  if (row.created_by_company_id !== null) throw invalid("createdByCompany");
  if (closed(row)) throw invalid("alreadyClosed");
  if ((row.status !== "in_progress" && row.status !== "in_observation") || row.deleted_at) throw invalid("notTaken");
}

/** Moves a taken community report to a geocoded address inside the company's zones (SPEC §8 codes);
 * every attending company is told. The geocoder is called outside the transaction. */
export async function changeReportAddress(
  ctx: AppContext,
  scope: CompanyScope,
  reportId: number,
  address: string,
  lang: Language,
): Promise<Report> {
  const current = await findReport(ctx.db, scope, reportId);
  if (!current) throw notFound();
  requireAddressChangeable(current);
  const query = usableAddress(address);
  if (!query) throw new AppError(400, "noRegisteredAddress", "noRegisteredAddress");
  const place = await geocode(
    { url: ctx.config.geocoderUrl, timeoutMs: ctx.config.geocoderTimeoutMs, contact: ctx.config.publicUrl },
    query,
    lang,
  );
  return changeReport(ctx, scope, reportId, "report.work", "addressChanged", async (tx, row) => {
    requireAddressChangeable(row);
    if (!(await zonesContaining(tx, scope, place.latitude, place.longitude)).length)
      throw new AppError(422, "notInZone", "notInZone");
    await moveReport(tx, reportId, query, place.latitude, place.longitude);
    return {
      address: query,
      previousAddress: row.address,
      latitude: place.latitude,
      longitude: place.longitude,
      geocoded: place.displayName,
    };
  }, { shared: true });
}

/** The public link of a report one of the caller's companies attends and lets them see (else 404, as for
 * a restricted operator outside their zones or types; 409 privateReport for a private one): the report's
 * shareUrl; opening its page counts the share. */
export async function shareLink(ctx: AppContext, actor: Actor, reportId: number): Promise<string> {
  // A share link is made by a member who may export the report (not a patrol: issue 14).
  if (!(await companiesSeeingReport(ctx.db, actor.user.id, reportId)).some((c) => can(c.role, "reports.export"))) throw notFound();
  const facts = await shareFacts(ctx.db, reportId);
  if (!facts) throw notFound();
  if (facts.private) throw invalid("privateReport");
  return shareUrlOf(ctx.config.publicUrl, facts.uuid);
}
