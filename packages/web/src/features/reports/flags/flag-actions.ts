import type { Report } from "@atalaya/shared";
import type { ReportSync } from "../lists/report-sync";

/** Applies the operator's own change of a report to every panel list (and the favourites list), as an
 * update they made; a report the panel has not loaded is left for its next fetch. */
export function patchOwnReport(sync: ReportSync | undefined, reportId: number, patch: Partial<Report>): void {
  const known = sync?.lookup(reportId);
  if (sync && known) sync.handleOwnUpdate({ ...known, ...patch });
}
