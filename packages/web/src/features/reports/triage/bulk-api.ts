import { answersRouteTable, bulkRouteTable, type AutomaticAnswer, type BulkAction, type BulkResponse } from "@atalaya/shared";
import { call } from "../../../lib/call";

/** `POST /api/companies/{companyId}/reports/bulk`: one action over the selection, each report done or
 * skipped with its code and reason (in the interface's language). */
export async function runBulkAction(companyId: number, body: BulkAction): Promise<BulkResponse> {
  return call(bulkRouteTable.postCompaniesByCompanyIdReportsBulk, { params: { companyId }, body });
}

/** The automatic answers usable when closing, of any type (a selection mixes types). */
export async function fetchAnyClosureAnswers(companyId: number, signal?: AbortSignal): Promise<AutomaticAnswer[]> {
  return (await call(answersRouteTable.getCompaniesByCompanyIdAutomaticAnswers, { params: { companyId }, query: { usage: "closure" }, signal })).answers;
}
