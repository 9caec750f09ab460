import type { z } from "./zod.js";
import type { assignReportSchema, closeReportSchema, UpdateReport } from "./reports.js";
import type { highlightBodySchema, turnOffCommentsBodySchema } from "./report-flags.js";
import type { MergeDuplicateBody } from "./duplicates.js";
import type { ReportExtraInfo } from "./report-form-fields.js";

// What an operator may do to one report, as one union (issue 35): each route's body or bulk action
// becomes one command, and the server's one executor (reports/commands.ts) runs it. The bodies are
// the routes' own schemas; a command adds only its `kind`.

/** Take a pending report (SPEC §4): POST …/take, bulk take. */
export interface TakeCommand {
  kind: "take";
}
/** Assign to a colleague, a team or a patrol: POST …/assign, PUT /api/reports/{id}/assigned-user, bulk assign. */
export type AssignCommand = { kind: "assign" } & z.infer<typeof assignReportSchema>;
/** Change the attention's fields (priority, observations, status, type, tags, substatus): PUT …/reports/{id}, bulk priority. */
export type UpdateCommand = { kind: "update" } & UpdateReport;
/** Add tags to the ones the report has (read under its lock): bulk tag. */
export interface TagCommand {
  kind: "tag";
  tagIds: number[];
}
/** Close as solved, not applicable or repeated, with a closing comment: POST …/close, bulk close. The
 * closing form's body is nested: it has a `kind` of its own (solved, false, repeated). */
export interface CloseCommand {
  kind: "close";
  closing: z.infer<typeof closeReportSchema>;
}
/** Pin the report for the whole company, or unpin it: PUT …/highlight. */
export type HighlightCommand = { kind: "highlight" } & z.infer<typeof highlightBodySchema>;
/** Close the shared report to new community comments, or open it again: PUT …/turn-off-comments. */
export type TurnOffCommentsCommand = { kind: "turnOffComments" } & z.infer<typeof turnOffCommentsBodySchema>;
/** Make the company's attention private (cannot be undone): POST …/private. */
export interface MakePrivateCommand {
  kind: "makePrivate";
}

/** Close as repeated of an open original in one step (even pending), with the closing comment; the
 * report's followers and likes move to the original: POST …/reports/{id}/merge (issue 18). */
export type MergeCommand = { kind: "merge" } & MergeDuplicateBody;
/** Who fills which section of the report's workflow form (an empty list opens it again; the forms
 * domain checks sections and members first): PUT …/reports/{id}/sections-users. */
export interface AssignSectionsCommand {
  kind: "assignSections";
  sectionsUsers: Record<string, number[]>;
}

/** What a saved workflow form writes back onto its report (issue 16), as the forms domain reads it
 * from the submission inside the command's transaction: a new point (inside the company's zones, else
 * 422 notInZone at `field`), a new creation date (not in the future, else 400 at `field`), and the
 * attention's optionalCode/extraInfo; `log` is the activity log's record of the submission. */
export interface FormWriteBack {
  log: Record<string, unknown>;
  location?: { field: string; latitude: number; longitude: number; address: string | null };
  createdAt?: { field: string; at: Date };
  writeBack?: { optionalCode: string | null; extraInfo: ReportExtraInfo[] | null };
}

/** Every change an operator makes to a report through the report routes and bulk actions. */
export type ReportCommand =
  | TakeCommand
  | AssignCommand
  | UpdateCommand
  | TagCommand
  | CloseCommand
  | HighlightCommand
  | TurnOffCommentsCommand
  | MakePrivateCommand
  | MergeCommand
  | AssignSectionsCommand;
export type ReportCommandKind = ReportCommand["kind"];

/** One command of a list run in one transaction (bulk actions). */
export interface ReportCommandItem {
  reportId: number;
  command: ReportCommand;
}
