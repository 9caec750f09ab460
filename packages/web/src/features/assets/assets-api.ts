import {
  assetReportResponseSchema,
  assetResponseSchema,
  assetsResponseSchema,
  publicAssetResponseSchema,
  successSchema,
  type Asset,
  type AssetFields,
  type PublicAsset,
} from "@atalaya/shared";
import { api } from "../../lib/api";

/** TanStack Query keys of the assets screens. */
export const assetKeys = {
  all: (companyId: number) => ["assets", companyId] as const,
  page: (companyId: number, filter: AssetFilter) => ["assets", companyId, filter] as const,
  public: (uuid: string) => ["public-asset", uuid] as const,
};

/** The list's filter, kept in the address. */
export interface AssetFilter {
  q: string;
  category: string;
  enabled: "" | "true" | "false";
  page: number;
  pageSize: number;
}

const base = (companyId: number) => `/companies/${companyId}/assets`;

/** `GET …/assets`: one page of the company's assets, the total and the categories in use. */
export function fetchAssets(companyId: number, f: AssetFilter, signal?: AbortSignal) {
  return api.get(base(companyId), {
    signal,
    query: { q: f.q || undefined, category: f.category || undefined, enabled: f.enabled || undefined, page: f.page, pageSize: f.pageSize },
    schema: assetsResponseSchema,
  });
}

/** `POST …/assets` or `PUT …/assets/{id}`. */
export function saveAsset(companyId: number, id: number | null, body: AssetFields): Promise<Asset> {
  const schema = assetResponseSchema.transform((b) => b.asset);
  return id === null ? api.post(base(companyId), body, { schema }) : api.put(`${base(companyId)}/${id}`, body, { schema });
}

/** `DELETE …/assets/{id}`. */
export function deleteAsset(companyId: number, id: number): Promise<unknown> {
  return api.delete(`${base(companyId)}/${id}`, { schema: successSchema });
}

/** The API paths of an asset's QR code files and of the printable sheet (fetched with the session's token). */
export const qrPath = (companyId: number, id: number, format: "png" | "svg", download = false) =>
  `/api${base(companyId)}/${id}/qr.${format}${download ? "?download=1" : ""}`;
export const sheetPath = (companyId: number, ids?: readonly number[]) => `/api${base(companyId)}/sheet.pdf${ids && ids.length > 0 ? `?ids=${ids.join(",")}` : ""}`;

// The public page is a citizen's: an operator's session in the same browser is not sent (an empty token).
const PUBLIC = { redirectOnUnauthorized: false, token: "" } as const;

/** `GET /api/app/assets/{uuid}`: the asset's public page (no session). */
export function fetchPublicAsset(uuid: string, signal?: AbortSignal): Promise<PublicAsset> {
  return api.get(`/app/assets/${uuid}`, { signal, ...PUBLIC, schema: publicAssetResponseSchema.transform((b) => b.asset) });
}

/** `POST /api/app/assets/{uuid}/reports`: a citizen's report about the asset, with an optional photo. */
export function sendAssetReport(uuid: string, report: { type: number; description: string; photo: File | null }): Promise<{ id: number; uuid: string }> {
  const schema = assetReportResponseSchema.transform((b) => b.report);
  if (!report.photo) return api.post(`/app/assets/${uuid}/reports`, { type: report.type, description: report.description }, { schema, ...PUBLIC });
  const form = new FormData();
  form.append("type", String(report.type));
  form.append("description", report.description);
  form.append("file", report.photo);
  return api.post(`/app/assets/${uuid}/reports`, form, { schema, ...PUBLIC });
}
