import type { FormWriteBack } from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import type { Tx } from "../db/db.js";
import { AppError, invalidField } from "../http/errors.js";
import type { ChangeFn } from "./report-change.js";
import { lockAttention, moveReport, setFormWriteBack, setReportCreatedAt, setSectionsUsers, zonesContaining } from "./report-actions.repository.js";
import type { ReportRow } from "./report.repository.js";
import { requireOpen } from "./report.service.js";

// What a report's workflow form (the forms domain, issue 16) changes on the report, as the reports
// domain's commands: a saved form's write-back and who fills which section. The form's own tables
// (its submissions, its files) stay the forms domain's, written by the command's `submit`.

/** A saved workflow form (POST …/reports/{id}/form): under the attention's lock, the forms domain's
 * `submit` checks and stores the submission (its tables) and answers what the report takes from it;
 * `shared` when the form may move the report or change its date (every attending company hears). A
 * server-side command: its `submit` runs inside the command's transaction. */
export interface WriteBackFormCommand {
  kind: "writeBackForm";
  shared: boolean;
  submit: (tx: Tx, row: ReportRow) => Promise<FormWriteBack>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The write-back's change: the report must be open (409), the form's submission is stored first, then
 * the point moves (422 notInZone outside the company's zones), the creation date changes (400 when
 * invalid or in the future) and optionalCode/extraInfo are written; the log records what changed. */
export function writeBackFormChange(scope: CompanyScope, reportId: number, command: WriteBackFormCommand): ChangeFn {
  return async (tx, row) => {
    requireOpen(row);
    await lockAttention(tx, scope, reportId);
    const { log, location, createdAt, writeBack } = await command.submit(tx, row);
    const data: Record<string, unknown> = { ...log };
    if (location) {
      const { field, latitude, longitude, address } = location;
      if ((await zonesContaining(tx, scope, latitude, longitude)).length === 0) throw new AppError(422, "notInZone", "notInZone", [{ field, code: "notInZone" }]);
      await moveReport(tx, reportId, address, latitude, longitude);
      data.location = { latitude, longitude, address, previousLatitude: row.latitude, previousLongitude: row.longitude, previousAddress: row.address };
    }
    if (createdAt) {
      if (Number.isNaN(createdAt.at.getTime()) || createdAt.at.getTime() > Date.now()) throw invalidField(createdAt.field, "valueInvalid");
      await setReportCreatedAt(tx, reportId, createdAt.at);
      data.createdAt = createdAt.at.toISOString();
      data.previousCreatedAt = new Date(row.created_at).toISOString();
    }
    if (writeBack) {
      await setFormWriteBack(tx, scope, reportId, writeBack);
      if (writeBack.optionalCode !== row.optional_code) data.optionalCode = writeBack.optionalCode;
      if (!same(writeBack.extraInfo, row.extra_info)) data.extraInfo = writeBack.extraInfo;
    }
    return data;
  };
}

/** Replaces who fills which section of the report's workflow form; the log records the assignment. */
export function assignSectionsChange(scope: CompanyScope, reportId: number, sectionsUsers: Record<string, number[]>): ChangeFn {
  return async (tx) => {
    await setSectionsUsers(tx, scope, reportId, sectionsUsers);
    return { sectionsUsers };
  };
}
