import { one, type Db, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";
import type { StoredFile } from "./file-store.js";

/** What a stored file belongs to: the report's own media, a comment, or a note of one company. */
export type FileOwner =
  | { kind: "report"; reportId: number }
  | { kind: "comment"; reportId: number; commentId: number }
  | { kind: "note"; reportId: number; companyId: number; noteId: number };

/** Records a stored file in the same transaction as the row that uses it. */
export async function insertStoredFile(tx: Tx, file: StoredFile, owner: FileOwner): Promise<void> {
  await tx.query(
    `insert into stored_files (name, report_id, comment_id, company_id, note_id, mime, size, original_name)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      file.name,
      owner.reportId,
      owner.kind === "comment" ? owner.commentId : null,
      owner.kind === "note" ? owner.companyId : null,
      owner.kind === "note" ? owner.noteId : null,
      file.mime,
      file.size,
      file.originalName,
    ],
  );
}

export type StoredFileRow = Pick<
  Tables["stored_files"],
  "name" | "report_id" | "comment_id" | "company_id" | "note_id" | "mime" | "size" | "original_name"
> & {
  /** The comment holding it is hidden (false for a file of no comment). */
  comment_hidden: boolean;
};

/** A stored file by name, with whether the comment holding it is hidden. */
export function findStoredFile(db: Db, name: string): Promise<StoredFileRow | undefined> {
  return one<StoredFileRow>(
    db,
    `select f.name, f.report_id, f.comment_id, f.company_id, f.note_id, f.mime, f.size, f.original_name,
            coalesce(c.hidden, false) as comment_hidden
       from stored_files f left join comments c on c.id = f.comment_id
      where f.name = $1`,
    [name],
  );
}
