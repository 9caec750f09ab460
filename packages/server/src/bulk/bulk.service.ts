import type { BulkAction, BulkResponse, BulkResult, Language, ReportCommand } from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import type { AppError } from "../http/errors.js";
import { translate, translateReason } from "../http/messages.js";
import { executeReportCommands } from "../reports/index.js";

/** The report command a bulk action gives each report (the single action's, so the log and the events
 * read alike). */
function commandOf(body: BulkAction): ReportCommand {
  switch (body.action) {
    case "take":
      return { kind: "take" };
    case "assign":
      return { kind: "assign", ...(body.userId !== undefined ? { userId: body.userId } : {}), ...(body.teamId !== undefined ? { teamId: body.teamId } : {}) };
    case "priority":
      return { kind: "update", priority: body.priority };
    case "tag":
      return { kind: "tag", tagIds: [body.tagId] };
    case "close":
      return {
        kind: "close",
        closing: { kind: body.kind, ...(body.automaticAnswerId !== undefined ? { automaticAnswerId: body.automaticAnswerId } : {}), ...(body.comment ? { comment: body.comment } : {}) },
      };
  }
}

/** The skipped result of a refused report, with the code and its text in the caller's language. */
function skipped(id: number, err: AppError, lang: Language): BulkResult {
  const code = err.reason ?? err.code;
  const reason = err.reason ? translateReason(lang, err.reason, err.vars) : (translate(lang, err.code, err.vars) ?? err.message);
  return { id, outcome: "skipped", code, reason };
}

/** Runs one action over a selection of reports as a list of report commands in ONE transaction
 * (executeReportCommands: activity log, events and notifications as the single action's; the action's
 * permission is 403 for the whole request). A report refused is skipped with its code and its text in
 * the caller's language: notFound for one the scope may not see (another company's alike), alreadyTaken,
 * notTaken, alreadyClosed… for one in the wrong state, its writes rolled back; a wrong parameter (an
 * answer, tag or member not of the company) is 400 for the whole request. */
export async function runBulkAction(ctx: AppContext, scope: CompanyScope, body: BulkAction, lang: Language): Promise<BulkResponse> {
  const command = commandOf(body);
  const outcomes = await executeReportCommands(ctx, scope, body.ids.map((reportId) => ({ reportId, command })));
  const results = outcomes.map((o): BulkResult => (o.outcome === "done" ? { id: o.reportId, outcome: "done" } : skipped(o.reportId, o.error, lang)));
  const done = results.filter((r) => r.outcome === "done").length;
  return { success: true, action: body.action, done, skipped: results.length - done, results };
}
