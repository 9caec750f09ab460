import { assetsRouteTable as routes, type Asset, type AssetFields, type PublicAsset } from "@atalaya/shared";
import { call, urlOf } from "../../lib/call";

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

/** `GET …/assets`: one page of the company's assets, the total and the categories in use. */
export function fetchAssets(companyId: number, f: AssetFilter, signal?: AbortSignal) {
  return call(routes.getCompaniesByCompanyIdAssets, {
    params: { companyId },
    query: { q: f.q || undefined, category: f.category || undefined, enabled: f.enabled || undefined, page: f.page, pageSize: f.pageSize },
    signal,
  });
}

/** `POST …/assets` or `PUT …/assets/{id}`. */
export async function saveAsset(companyId: number, id: number | null, body: AssetFields): Promise<Asset> {
  const res = id === null ? await call(routes.postCompaniesByCompanyIdAssets, { params: { companyId }, body }) : await call(routes.putCompaniesByCompanyIdAssetsById, { params: { companyId, id }, body });
  return res.asset;
}

/** `DELETE …/assets/{id}`. */
export function deleteAsset(companyId: number, id: number): Promise<unknown> {
  return call(routes.deleteCompaniesByCompanyIdAssetsById, { params: { companyId, id } });
}

/** The API paths of an asset's QR code files and of the printable sheet (fetched with the session's token). */
export const qrPath = (companyId: number, id: number, format: "png" | "svg", download = false) =>
  urlOf(format === "png" ? routes.getCompaniesByCompanyIdAssetsByIdQrPng : routes.getCompaniesByCompanyIdAssetsByIdQrSvg, { params: { companyId, id }, query: download ? { download: "1" } : {} });
export const sheetPath = (companyId: number, ids?: readonly number[]) =>
  urlOf(routes.getCompaniesByCompanyIdAssetsSheetPdf, { params: { companyId }, query: ids && ids.length > 0 ? { ids: ids.join(",") } : {} });

// The public page is a citizen's: an operator's session in the same browser is not sent (an empty token).
const PUBLIC = { redirectOnUnauthorized: false, token: "" } as const;

/** `GET /api/app/assets/{uuid}`: the asset's public page (no session). */
export async function fetchPublicAsset(uuid: string, signal?: AbortSignal): Promise<PublicAsset> {
  return (await call(routes.getAppAssetsByUuid, { params: { uuid }, signal, ...PUBLIC })).asset;
}

/** `POST /api/app/assets/{uuid}/reports`: a citizen's report about the asset, with an optional photo. */
export async function sendAssetReport(uuid: string, report: { type: number; description: string; photo: File | null }): Promise<{ id: number; uuid: string }> {
  const route = routes.postAppAssetsByUuidReports;
  if (!report.photo) return (await call(route, { params: { uuid }, body: { type: report.type, description: report.description }, ...PUBLIC })).report;
  const form = new FormData();
  form.append("type", String(report.type));
  form.append("description", report.description);
  form.append("file", report.photo);
  return (await call(route, { params: { uuid }, form, ...PUBLIC })).report;
}
