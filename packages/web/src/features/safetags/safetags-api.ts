import {
  finderMessageResponseSchema,
  publicSafetagResponseSchema,
  safetagBatchesResponseSchema,
  safetagBatchResponseSchema,
  safetagCodesResponseSchema,
  safetagResponseSchema,
  type SafetagBatch,
  type SafetagBatchBody,
} from "@atalaya/shared";
import { api } from "../../lib/api";

/** TanStack Query keys of the safe tags screens. */
export const safetagKeys = {
  batches: (companyId: number) => ["safetags", companyId, "batches"] as const,
  codes: (companyId: number, batchId: number) => ["safetags", companyId, "codes", batchId] as const,
  public: (code: string) => ["public-safetag", code] as const,
};

const base = (companyId: number) => `/companies/${companyId}`;

/** `GET …/safetag-batches`. */
export function fetchBatches(companyId: number, signal?: AbortSignal): Promise<SafetagBatch[]> {
  return api.get(`${base(companyId)}/safetag-batches`, { signal, schema: safetagBatchesResponseSchema.transform((b) => b.batches) });
}

/** `POST …/safetag-batches`: N new unique codes under a name. */
export function createBatch(companyId: number, body: SafetagBatchBody): Promise<SafetagBatch> {
  return api.post(`${base(companyId)}/safetag-batches`, body, { schema: safetagBatchResponseSchema.transform((b) => b.batch) });
}

/** `GET …/safetag-batches/{id}`: the batch and its codes. */
export function fetchCodes(companyId: number, batchId: number, signal?: AbortSignal) {
  return api.get(`${base(companyId)}/safetag-batches/${batchId}`, { signal, schema: safetagCodesResponseSchema });
}

/** `POST …/safetags/{id}/unlink` or `…/disable`. */
export function tagAction(companyId: number, id: number, action: "unlink" | "disable") {
  return api.post(`${base(companyId)}/safetags/${id}/${action}`, undefined, { schema: safetagResponseSchema.transform((b) => b.safetag) });
}

/** The API path of a batch's export (fetched with the session's token). */
export const exportPath = (companyId: number, batchId: number, format: "xlsx" | "pdf") => `/api${base(companyId)}/safetag-batches/${batchId}/export.${format}`;

// The finder's page is anyone's: a portal session in the same browser is not sent (an empty token).
const PUBLIC = { redirectOnUnauthorized: false, token: "" } as const;

/** `GET /api/app/safetags/{code}`: what a finder sees of a tag. */
export function fetchPublicTag(code: string, signal?: AbortSignal) {
  return api.get(`/app/safetags/${encodeURIComponent(code)}`, { signal, ...PUBLIC, schema: publicSafetagResponseSchema.transform((b) => b.safetag) });
}

/** `POST /api/app/safetags/{code}/messages`: the finder's message (and location, if shared) to the owner. */
export function sendFinderMessage(code: string, body: { message: string; latitude?: number; longitude?: number }) {
  return api.post(`/app/safetags/${encodeURIComponent(code)}/messages`, body, { ...PUBLIC, schema: finderMessageResponseSchema });
}
