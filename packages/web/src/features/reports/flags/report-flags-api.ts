import { reportsRouteTable as routes, type Report } from "@atalaya/shared";
import { call } from "../../../lib/call";


/** `PUT …/highlight`: pins (or unpins) the report at the top of its tab for the whole organisation. */
export async function setHighlighted(companyId: number, reportId: number, highlighted: boolean): Promise<Report> {
  return (await call(routes.putCompaniesByCompanyIdReportsByIdHighlight, { params: { companyId, id: reportId }, body: { highlighted } })).report;
}

/** `PUT …/turn-off-comments`: closes (or reopens) the report to new community comments. */
export async function setTurnOffComments(companyId: number, reportId: number, turnOffComments: boolean): Promise<Report> {
  return (await call(routes.putCompaniesByCompanyIdReportsByIdTurnOffComments, { params: { companyId, id: reportId }, body: { turnOffComments } })).report;
}

/** `PUT …/favorite`: the operator's own star. */
export async function setFavorite(companyId: number, reportId: number, isFavorite: boolean): Promise<boolean> {
  return (await call(routes.putCompaniesByCompanyIdReportsByIdFavorite, { params: { companyId, id: reportId }, body: { isFavorite } })).isFavorite;
}

/** `POST …/seen`: the operator opened the report. */
export async function markSeen(companyId: number, reportId: number): Promise<void> {
  await call(routes.postCompaniesByCompanyIdReportsByIdSeen, { params: { companyId, id: reportId } });
}
