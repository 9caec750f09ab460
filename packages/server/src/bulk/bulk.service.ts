import type { BulkAction, BulkResponse, BulkResult, Language } from "@atalaya/shared";
import { requireAccess, visibleReportIds, type CompanyScope, type Permission } from "../auth/access.js";
import { closeChange, closeOptions } from "../closing/index.js";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/db.js";
import { AppError } from "../http/errors.js";
import { translate, translateReason } from "../http/messages.js";
import { publishNotifications, type StoredNotification } from "../notifications/index.js";
import { changeWithEvents, type Emit } from "../realtime/publish.js";
import { assignChange, changeReportIn, takeChange, updateChange, type ChangeFn, type ChangeOptions } from "../reports/index.js";

/** What one action does to each report: the permission it needs, its activity-log action and its change
 * (the same as the single action's, so the log and the events read alike). */
function plan(scope: CompanyScope, body: BulkAction): { permission: Permission; action: string; change: (id: number) => { fn: ChangeFn; options?: ChangeOptions } } {
  switch (body.action) {
    case "take":
      return { permission: "report.take", action: "taken", change: (id) => ({ fn: takeChange(scope, id) }) };
    case "assign": {
      const assignee = { ...(body.userId !== undefined ? { userId: body.userId } : {}), ...(body.teamId !== undefined ? { teamId: body.teamId } : {}) };
      return { permission: "report.work", action: "assigned", change: (id) => ({ fn: assignChange(scope, id, assignee) }) };
    }
    case "priority":
      return { permission: "report.work", action: "updated", change: (id) => ({ fn: updateChange(scope, id, { priority: body.priority }) }) };
    case "tag":
      return {
        permission: "report.work",
        action: "updated",
        // Adds the tag to the ones the report has (read in the transaction, under its lock).
        change: (id) => ({
          fn: (tx, row, emit) => updateChange(scope, id, { tagIds: [...new Set([...row.tags.map((t) => t.id), body.tagId])] })(tx, row, emit),
        }),
      };
    case "close": {
      const close = { kind: body.kind, ...(body.automaticAnswerId !== undefined ? { automaticAnswerId: body.automaticAnswerId } : {}), ...(body.comment ? { comment: body.comment } : {}) };
      return { permission: "report.close", action: "closed", change: (id) => ({ fn: closeChange(scope, id, close), options: closeOptions(close) }) };
    }
  }
}

/** The skipped result of a refused report, with the code and its text in the caller's language. */
function skipped(id: number, err: AppError, lang: Language): BulkResult {
  const code = err.reason ?? err.code;
  const reason = err.reason ? translateReason(lang, err.reason, err.vars) : (translate(lang, err.code, err.vars) ?? err.message);
  return { id, outcome: "skipped", code, reason };
}

/** Runs one action over a selection of reports in ONE transaction: each report the scope may see and act
 * on is changed as the single action would (activity log, events, notifications), each one it may not is
 * skipped with why (notFound for one it may not see, another company's among them, so nothing leaks;
 * alreadyTaken, notTaken, alreadyClosed… for one in the wrong state). A report's refusal rolls back only
 * its own writes (a savepoint each) and drops its events; a wrong parameter (an answer, tag or member
 * not of the company) is 400 for the whole request. Events are published after the commit. */
export async function runBulkAction(ctx: AppContext, scope: CompanyScope, body: BulkAction, lang: Language): Promise<BulkResponse> {
  const { permission, action, change } = plan(scope, body);
  requireAccess(scope, permission);
  const visible = await visibleReportIds(ctx.db, scope, body.ids);
  const notifications: StoredNotification[] = [];
  const byId = new Map<number, BulkResult>();
  await changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
    // Ascending ids: two bulk actions over overlapping selections lock their rows in the same order.
    for (const id of [...body.ids].sort((a, b) => a - b)) {
      if (!visible.has(id)) {
        byId.set(id, { id, outcome: "skipped", code: "notFound", reason: translate(lang, "notFound") ?? "notFound" });
        continue;
      }
      const outcome = await oneReport(tx, emit, ctx.config.publicUrl, scope, id, action, change(id));
      if (outcome instanceof AppError) byId.set(id, skipped(id, outcome, lang));
      else {
        notifications.push(...outcome);
        byId.set(id, { id, outcome: "done" });
      }
    }
  });
  await publishNotifications(ctx.bus, notifications);
  const results = body.ids.map((id) => byId.get(id)!);
  const done = results.filter((r) => r.outcome === "done").length;
  return { success: true, action: body.action, done, skipped: results.length - done, results };
}

/** One report of a bulk action inside a savepoint: its notifications when done, the refusal when not
 * (its writes rolled back, its events never emitted). A 400 or an unexpected error ends the request. */
async function oneReport(
  tx: Tx,
  emit: Emit,
  publicUrl: string,
  scope: CompanyScope,
  id: number,
  action: string,
  { fn, options }: { fn: ChangeFn; options?: ChangeOptions },
): Promise<StoredNotification[] | AppError> {
  const held: Parameters<Emit>[] = [];
  await tx.query("savepoint bulk_report");
  try {
    const { notifications } = await changeReportIn(tx, async (...args) => void held.push(args), publicUrl, scope, id, action, fn, options);
    await tx.query("release savepoint bulk_report");
    for (const args of held) await emit(...args);
    return notifications;
  } catch (err) {
    if (!(err instanceof AppError) || err.status === 400) throw err;
    await tx.query("rollback to savepoint bulk_report");
    return err;
  }
}
