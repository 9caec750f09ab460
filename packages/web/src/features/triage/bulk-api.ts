import { automaticAnswerListResponseSchema, bulkResponseSchema, type AutomaticAnswer, type BulkAction, type BulkResponse } from "@atalaya/shared";
import { api } from "../../lib/api";

/** `POST /api/companies/{companyId}/reports/bulk`: one action over the selection, each report done or
 * skipped with its code and reason (in the interface's language). */
export function runBulkAction(companyId: number, body: BulkAction): Promise<BulkResponse> {
  return api.post(`/companies/${companyId}/reports/bulk`, body, { schema: bulkResponseSchema });
}

/** The automatic answers usable when closing, of any type (a selection mixes types). */
export function fetchAnyClosureAnswers(companyId: number, signal?: AbortSignal): Promise<AutomaticAnswer[]> {
  return api.get(`/companies/${companyId}/automatic-answers`, {
    query: { usage: "closure" },
    schema: automaticAnswerListResponseSchema.transform((body) => body.answers),
    signal,
  });
}
