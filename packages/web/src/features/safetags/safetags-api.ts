import { safetagsRouteTable as routes, type SafetagBatch, type SafetagBatchBody } from "@atalaya/shared";
import { call, urlOf } from "../../lib/call";

/** TanStack Query keys of the safe tags screens. */
export const safetagKeys = {
  batches: (companyId: number) => ["safetags", companyId, "batches"] as const,
  codes: (companyId: number, batchId: number) => ["safetags", companyId, "codes", batchId] as const,
  public: (code: string) => ["public-safetag", code] as const,
};

/** `GET …/safetag-batches`. */
export async function fetchBatches(companyId: number, signal?: AbortSignal): Promise<SafetagBatch[]> {
  return (await call(routes.getCompaniesByCompanyIdSafetagBatches, { params: { companyId }, signal })).batches;
}

/** `POST …/safetag-batches`: N new unique codes under a name. */
export async function createBatch(companyId: number, body: SafetagBatchBody): Promise<SafetagBatch> {
  return (await call(routes.postCompaniesByCompanyIdSafetagBatches, { params: { companyId }, body })).batch;
}

/** `GET …/safetag-batches/{id}`: the batch and its codes. */
export function fetchCodes(companyId: number, batchId: number, signal?: AbortSignal) {
  return call(routes.getCompaniesByCompanyIdSafetagBatchesById, { params: { companyId, id: batchId }, signal });
}

/** `POST …/safetags/{id}/unlink` or `…/disable`. */
export async function tagAction(companyId: number, id: number, action: "unlink" | "disable") {
  const route = action === "unlink" ? routes.postCompaniesByCompanyIdSafetagsByIdUnlink : routes.postCompaniesByCompanyIdSafetagsByIdDisable;
  return (await call(route, { params: { companyId, id } })).safetag;
}

/** The API path of a batch's export (fetched with the session's token). */
export const exportPath = (companyId: number, batchId: number, format: "xlsx" | "pdf") =>
  urlOf(format === "xlsx" ? routes.getCompaniesByCompanyIdSafetagBatchesByIdExportXlsx : routes.getCompaniesByCompanyIdSafetagBatchesByIdExportPdf, { params: { companyId, id: batchId } });

// The finder's page is anyone's: a portal session in the same browser is not sent (an empty token).
const PUBLIC = { redirectOnUnauthorized: false, token: "" } as const;

/** `GET /api/app/safetags/{code}`: what a finder sees of a tag. */
export async function fetchPublicTag(code: string, signal?: AbortSignal) {
  return (await call(routes.getAppSafetagsByCode, { params: { code }, signal, ...PUBLIC })).safetag;
}

/** `POST /api/app/safetags/{code}/messages`: the finder's message (and location, if shared) to the owner. */
export function sendFinderMessage(code: string, body: { message: string; latitude?: number; longitude?: number }) {
  return call(routes.postAppSafetagsByCodeMessages, { params: { code }, body, ...PUBLIC });
}
