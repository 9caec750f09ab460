import type { ReadStream } from "node:fs";
import { NOT_AUTHENTICATED_MESSAGE } from "@atalaya/shared";
import { can, type Actor } from "../auth/access.js";
import { findMembership } from "../companies/company.repository.js";
import type { AppContext } from "../context.js";
import type { Db } from "../db/db.js";
import { AppError, notFound } from "../http/errors.js";
import { findPublicReportById, rolesOnReport } from "../interactions/interaction.repository.js";
import { visibleInApp } from "../interactions/interaction.service.js";
import { FILE_NAME_PATTERN, filesDir, openFile } from "./file-store.js";
import { findStoredFile, type StoredFileRow } from "./file.repository.js";

/** Who may read a stored file:
 * - a note's file: members of the note's company only;
 * - a comment's file or report media: members of any company attending the report, and anyone the
 *   app shows the report to (public report, or its author) unless the comment was hidden. */
async function mayRead(db: Db, actor: Actor | null, file: StoredFileRow): Promise<boolean> {
  if (file.note_id !== null && file.company_id !== null) {
    const membership = actor && (await findMembership(db, file.company_id, actor.user.id));
    return !!membership && can(membership, "report.read");
  }
  if (actor && (await rolesOnReport(db, file.report_id, actor.user.id)).some((role) => can({ role }, "report.read"))) return true;
  if (file.comment_hidden) return false;
  const report = await findPublicReportById(db, file.report_id);
  return !!report && visibleInApp(report, actor);
}

/** A stored file the caller may read, opened for streaming. Unknown or forbidden files are 404; a
 * caller without a token gets 401 so the portal signs in and retries. */
export async function readStoredFile(
  ctx: AppContext,
  actor: Actor | null,
  name: string,
): Promise<{ stream: ReadStream; size: number; mime: string; originalName: string | null }> {
  if (!FILE_NAME_PATTERN.test(name)) throw notFound();
  const file = await findStoredFile(ctx.db, name);
  if (!file) throw notFound();
  if (!(await mayRead(ctx.db, actor, file))) {
    if (!actor) throw new AppError(401, "notAuthenticated", NOT_AUTHENTICATED_MESSAGE);
    throw notFound();
  }
  const opened = await openFile(filesDir(ctx.config), name);
  if (!opened) throw notFound();
  return { ...opened, mime: file.mime, originalName: file.original_name };
}
