import { publicReportResponseSchema, sharedUrlHostsResponseSchema, type PublicReport } from "@atalaya/shared";
import { api } from "../../lib/api";

/** `GET /api/public/reports/{uuid}`: what a share link shows (no session needed). */
export function fetchPublicReport(uuid: string, signal?: AbortSignal): Promise<PublicReport> {
  return api.get(`/public/reports/${encodeURIComponent(uuid)}`, { schema: publicReportResponseSchema.transform((b) => b.report), signal });
}

/** `GET /api/public/shared-url-hosts`: hosts besides the portal's own a `sharedUrl` may lead to. */
export function fetchSharedUrlHosts(signal?: AbortSignal): Promise<string[]> {
  return api.get("/public/shared-url-hosts", { schema: sharedUrlHostsResponseSchema.transform((b) => b.hosts), signal });
}
