import {
  platesRouteTable as routes,
  callsRouteTable,
  type CallResponse,
  type CallTarget,
  type PlateLookup,
  type PlateLookupLog,
  type Report,
} from "@atalaya/shared";
import { call } from "../../lib/call";

/** TanStack Query keys of the plate lookups log. */
export const plateKeys = {
  lookups: (companyId: number, plate: string, page: number) => ["plate-lookups", companyId, plate, page] as const,
};

/** `GET /api/companies/{companyId}/plates/{plate}`: whether the plate is reported stolen (SPEC §8 codes on failure). */
export async function lookupPlate(companyId: number, plate: string, signal?: AbortSignal): Promise<PlateLookup> {
  return (await call(routes.getCompaniesByCompanyIdPlatesByPlate, { params: { companyId, plate }, signal })).lookup;
}

/** `GET /api/companies/{companyId}/plate-lookups`: a page of the company's lookups, newest first (admins). */
export function fetchPlateLookups(
  companyId: number,
  plate: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<{ lookups: PlateLookupLog[]; total: number }> {
  return call(routes.getCompaniesByCompanyIdPlateLookups, { params: { companyId }, query: { plate: plate || undefined, page, pageSize }, signal });
}

/** Flags a report with a plate the police service reports stolen. */
export async function flagStolenPlate(companyId: number, reportId: number, plate: string): Promise<Report> {
  return (await call(routes.postCompaniesByCompanyIdReportsByIdStolenPlate, { params: { companyId, id: reportId }, body: { plate } })).report;
}

/** Clears the report's stolen-plate flag. */
export async function clearStolenPlate(companyId: number, reportId: number): Promise<Report> {
  return (await call(routes.deleteCompaniesByCompanyIdReportsByIdStolenPlate, { params: { companyId, id: reportId } })).report;
}

/** Starts a click-to-call to the report's reporter or caller (phone-call gate companies). */
export async function callFromReport(companyId: number, reportId: number, to: CallTarget): Promise<CallResponse["call"]> {
  return (await call(callsRouteTable.postCompaniesByCompanyIdReportsByIdCall, { params: { companyId, id: reportId }, body: { to } })).call;
}
