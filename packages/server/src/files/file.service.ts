import type { Readable } from "node:stream";
import { NOT_AUTHENTICATED_MESSAGE } from "@atalaya/shared";
import { mayReadFileOfReport, type Actor } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { AppError, notFound } from "../http/errors.js";
import { FILE_NAME_PATTERN, openFile } from "./file-store.js";
import { fileStoreOf } from "./store-of.js";
import { findStoredFile, type StoredFileRow } from "./file.repository.js";

/** Whether the community app shows the report to the caller (given by the interactions domain, which
 * owns that rule, when the routes are registered). */
export type ReportVisibleInApp = (reportId: number, actor: Actor | null) => Promise<boolean>;

/** Who may read a stored file:
 * - a note's file: members of the note's company only, within their restrictions there;
 * - a comment's file or report media: members of any company attending the report (within their
 *   restrictions), and anyone the app shows the report to (public report, or its author) unless the
 *   comment was hidden. */
async function mayRead(ctx: AppContext, actor: Actor | null, file: StoredFileRow, visibleInApp: ReportVisibleInApp): Promise<boolean> {
  const noteCompany = file.note_id !== null ? file.company_id : null;
  if (actor && (await mayReadFileOfReport(ctx.db, actor.user.id, file.report_id, noteCompany))) return true;
  if (file.note_id !== null || file.comment_hidden) return false;
  return visibleInApp(file.report_id, actor);
}

/** A stored file the caller may read, opened for streaming. Unknown or forbidden files are 404; a
 * caller without a token gets 401 so the portal signs in and retries. */
export async function readStoredFile(
  ctx: AppContext,
  actor: Actor | null,
  name: string,
  visibleInApp: ReportVisibleInApp,
): Promise<{ stream: Readable; size: number; mime: string; originalName: string | null }> {
  if (!FILE_NAME_PATTERN.test(name)) throw notFound();
  const file = await findStoredFile(ctx.db, name);
  if (!file) throw notFound();
  if (!(await mayRead(ctx, actor, file, visibleInApp))) {
    if (!actor) throw new AppError(401, "notAuthenticated", NOT_AUTHENTICATED_MESSAGE);
    throw notFound();
  }
  const opened = await openFile(fileStoreOf(ctx.config), name);
  if (!opened) throw notFound();
  return { ...opened, mime: file.mime, originalName: file.original_name };
}
