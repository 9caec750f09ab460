import { publicReportRouteTable as routes, type PublicReport } from "@atalaya/shared";
import { call } from "../../lib/call";

/** `GET /api/public/reports/{uuid}`: what a share link shows (no session needed). */
export async function fetchPublicReport(uuid: string, signal?: AbortSignal): Promise<PublicReport> {
  return (await call(routes.getPublicReportsByUuid, { params: { uuid }, signal })).report;
}

/** `GET /api/public/shared-url-hosts`: hosts besides the portal's own a `sharedUrl` may lead to. */
export async function fetchSharedUrlHosts(signal?: AbortSignal): Promise<string[]> {
  return (await call(routes.getPublicSharedUrlHosts, { signal })).hosts;
}
