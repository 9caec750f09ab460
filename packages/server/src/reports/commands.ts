import type { Report, ReportCommand, ReportCommandItem } from "@atalaya/shared";
import { requireAccess, visibleReportIds, type CompanyScope, type Permission } from "../auth/access.js";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/db.js";
import { AppError, notFound } from "../http/errors.js";
import { publishNotifications, type StoredNotification } from "../notifications/index.js";
import { changeWithEvents, type Emit } from "../realtime/publish.js";
import { closeChange, closeOptions } from "./closing.js";
import { assignSectionsChange, writeBackFormChange, type WriteBackFormCommand } from "./form-write-back.js";
import { mergeChange } from "./merge.js";
import { markPrivate } from "./report-actions.repository.js";
import { applyChange, type ChangeFn, type ChangeOptions } from "./report-change.js";
import { setCommentsTurnedOff, setHighlighted, withViewerMarks } from "./report-flags.repository.js";
import { presentReport } from "./report.presenter.js";
import { findReport, type ReportRow } from "./report.repository.js";
import { assignChange, getCompanyReport, requireActiveType, takeChange, updateChange, viewerOf } from "./report.service.js";

// The one entry of every operator's change to a report (issue 35): a command of @atalaya/shared's
// ReportCommand union is planned here (its permission, its activity-log action, its change) and run in
// one transaction through report-change.ts's tail, which writes the activity log, the events and the
// notifications; the notifications are published here, after the commit.

/** What a command does to one report. */
interface CommandPlan {
  permission: Permission;
  /** The activity log's action. */
  action: string;
  change: ChangeFn;
  options?: ChangeOptions;
  /** The report already is as asked: nothing is changed, logged or sent. */
  unchanged?: (row: ReportRow) => boolean;
  /** The answer carries the caller's own marks (isFavorite, seen): a flag the caller just set. */
  viewerMarks?: boolean;
}

const closed = (row: ReportRow) => row.status === "solved" || row.status === "false";
const invalid = (reason: "closed" | "alreadyPrivate") => new AppError(409, "invalidTransition", reason);

/** A command of the union, or one only the server gives (a form's write-back, whose `submit` is the
 * forms domain's own writes inside the command's transaction). */
export type ServerReportCommand = ReportCommand | WriteBackFormCommand;

/** Each command kind's plan; a wrong parameter that needs no database (an inactive type) is 400 here. */
function planOf(publicUrl: string, scope: CompanyScope, reportId: number, command: ServerReportCommand): CommandPlan {
  switch (command.kind) {
    case "take":
      return { permission: "report.take", action: "taken", change: takeChange(scope, reportId) };
    case "assign": {
      const { kind: _kind, ...assignee } = command;
      return { permission: "report.work", action: "assigned", change: assignChange(scope, reportId, assignee) };
    }
    case "update": {
      const { kind: _kind, ...body } = command;
      if (body.type !== undefined) requireActiveType(body.type);
      return { permission: "report.work", action: "updated", change: updateChange(scope, reportId, body), options: { shared: body.type !== undefined } };
    }
    case "tag":
      return {
        permission: "report.work",
        action: "updated",
        // Adds the tags to the ones the report has (read in the transaction, under its lock).
        change: (tx, row, emit) => updateChange(scope, reportId, { tagIds: [...new Set([...row.tags.map((t) => t.id), ...command.tagIds])] })(tx, row, emit),
      };
    case "close":
      return { permission: "report.close", action: "closed", change: closeChange(scope, reportId, command.closing), options: closeOptions(command.closing) };
    case "highlight":
      // Pinned for the whole company; every operator's panel moves it live through updateReport.
      return {
        permission: "report.work",
        action: command.highlighted ? "highlighted" : "unhighlighted",
        change: async (tx) => void (await setHighlighted(tx, scope, reportId, scope.actor.user.id, command.highlighted)),
        unchanged: (row) => row.highlighted === command.highlighted,
        viewerMarks: true,
      };
    case "turnOffComments":
      // The shared report's: every attending organisation is told.
      return {
        permission: "report.work",
        action: command.turnOffComments ? "commentsTurnedOff" : "commentsTurnedOn",
        change: async (tx) => void (await setCommentsTurnedOff(tx, scope, reportId, command.turnOffComments)),
        options: { shared: true },
        unchanged: (row) => row.turn_off_comments === command.turnOffComments,
        viewerMarks: true,
      };
    case "makePrivate":
      // SPEC §4: cannot be undone; already private or closed is 409.
      return {
        permission: "report.makePrivate",
        action: "madePrivate",
        change: async (tx, row) => {
          if (closed(row)) throw invalid("closed");
          if (!(await markPrivate(tx, scope, reportId))) throw invalid("alreadyPrivate");
        },
      };
    case "merge": {
      // Duplicates (issue 18): closed as repeated of the original; both reports go live everywhere.
      const { kind: _kind, ...body } = command;
      return { permission: "report.close", action: "mergedInto", change: mergeChange(publicUrl, scope, reportId, body), options: { shared: true } };
    }
    case "assignSections":
      return { permission: "forms.manage", action: "sectionsAssigned", change: assignSectionsChange(scope, reportId, command.sectionsUsers) };
    case "writeBackForm":
      return { permission: "report.work", action: "formSubmitted", change: writeBackFormChange(scope, reportId, command), options: { shared: command.shared } };
  }
}

/** Runs work in one transaction and publishes the notifications it gathered once it has committed. */
async function inOneTransaction<T>(ctx: AppContext, work: (tx: Tx, emit: Emit, notify: (n: StoredNotification[]) => void) => Promise<T>): Promise<T> {
  const notifications: StoredNotification[] = [];
  const result = await changeWithEvents(ctx.db, ctx.bus, (tx, emit) => work(tx, emit, (n) => notifications.push(...n)));
  await publishNotifications(ctx.bus, notifications);
  return result;
}

/** Authorises and runs one plan in its own transaction; answers the report as the caller sees it. */
async function runPlan(ctx: AppContext, scope: CompanyScope, reportId: number, plan: CommandPlan): Promise<Report> {
  // The permission first: a command the role may not give is 403 even when it would change nothing.
  requireAccess(scope, plan.permission);
  if (plan.unchanged) {
    const current = await findReport(ctx.db, scope, reportId);
    if (!current) throw notFound();
    if (plan.unchanged(current)) return getCompanyReport(ctx, scope, { id: reportId });
  }
  const row = await inOneTransaction(ctx, async (tx, emit, notify) => {
    const out = await applyChange(tx, emit, ctx.config.publicUrl, scope, reportId, plan.action, plan.change, plan.options);
    notify(out.notifications);
    return out.row;
  });
  const report = presentReport(row, viewerOf(scope), ctx.config.publicUrl);
  return plan.viewerMarks ? (await withViewerMarks(ctx.db, scope, scope.actor.user.id, [report]))[0]! : report;
}

/** The one way a route changes a report (take, assign, update, close, flags…): the command's permission
 * (403), its change in one transaction with its activity log, events and notifications; answers the
 * report as the caller now sees it. */
export function executeReportCommand(ctx: AppContext, scope: CompanyScope, reportId: number, command: ServerReportCommand): Promise<Report> {
  return runPlan(ctx, scope, reportId, planOf(ctx.config.publicUrl, scope, reportId, command));
}

/** A domain's own change to a report that is no command of the union (a call, a plate, a gathering, a
 * dismissed duplicate…): the same authorisation, transaction and tail as a command. */
export function changeReport(
  ctx: AppContext,
  scope: CompanyScope,
  reportId: number,
  permission: Permission,
  action: string,
  change: ChangeFn,
  options: ChangeOptions = {},
): Promise<Report> {
  return runPlan(ctx, scope, reportId, { permission, action, change, options });
}

/** One command's outcome in a list: done, or refused with why (its writes rolled back). */
export type ReportCommandOutcome = { reportId: number; outcome: "done" } | { reportId: number; outcome: "refused"; error: AppError };

/** Runs a list of commands (bulk actions) in ONE transaction, in ascending report id so two lists over
 * the same reports lock them in the same order. Every command's permission is checked first (403 for
 * the whole list); a report the scope may not see is refused notFound before the transaction (another
 * company's alike, so nothing leaks). Each command runs in a savepoint: a refusal (a 4xx other than 400: notFound,
 * alreadyTaken, notTaken…) rolls back only its own writes and drops its events; a 400 (a parameter not
 * of the company) or an unexpected error ends the whole list. Outcomes come back in the list's order. */
export async function executeReportCommands(ctx: AppContext, scope: CompanyScope, items: readonly ReportCommandItem[]): Promise<ReportCommandOutcome[]> {
  const planned = items.map((item) => ({ ...item, plan: planOf(ctx.config.publicUrl, scope, item.reportId, item.command) }));
  for (const permission of new Set(planned.map((p) => p.plan.permission))) requireAccess(scope, permission);
  const visible = await visibleReportIds(ctx.db, scope, items.map((i) => i.reportId));
  const outcomes = new Map<number, ReportCommandOutcome>();
  for (const [index, { reportId }] of planned.entries()) if (!visible.has(reportId)) outcomes.set(index, { reportId, outcome: "refused", error: notFound() });
  await inOneTransaction(ctx, async (tx, emit, notify) => {
    const runnable = [...planned.entries()].filter(([index]) => !outcomes.has(index));
    for (const [index, { reportId, plan }] of runnable.sort(([, a], [, b]) => a.reportId - b.reportId)) {
      const refused = await inSavepoint(tx, emit, async (held) => {
        if (plan.unchanged) {
          const current = await findReport(tx, scope, reportId);
          if (!current) throw notFound();
          if (plan.unchanged(current)) return;
        }
        notify((await applyChange(tx, held, ctx.config.publicUrl, scope, reportId, plan.action, plan.change, plan.options)).notifications);
      });
      outcomes.set(index, refused ? { reportId, outcome: "refused", error: refused } : { reportId, outcome: "done" });
    }
  });
  return items.map((_, index) => outcomes.get(index)!);
}

/** One command of a list inside a savepoint: its events are held and emitted only when it is done; a
 * refusal rolls its writes back and is answered instead of thrown. */
async function inSavepoint(tx: Tx, emit: Emit, work: (held: Emit) => Promise<void>): Promise<AppError | undefined> {
  const held: Parameters<Emit>[] = [];
  await tx.query("savepoint report_command");
  try {
    await work(async (...args) => void held.push(args));
    await tx.query("release savepoint report_command");
    for (const args of held) await emit(...args);
    return undefined;
  } catch (err) {
    if (!(err instanceof AppError) || err.status === 400) throw err;
    await tx.query("rollback to savepoint report_command");
    return err;
  }
}
