import {
  callResponseSchema,
  plateLookupResponseSchema,
  plateLookupsResponseSchema,
  reportResponseSchema,
  type CallResponse,
  type CallTarget,
  type PlateLookup,
  type PlateLookupLog,
  type Report,
} from "@atalaya/shared";
import { api } from "../../lib/api";

/** TanStack Query keys of the plate lookups log. */
export const plateKeys = {
  lookups: (companyId: number, plate: string, page: number) => ["plate-lookups", companyId, plate, page] as const,
};

/** `GET /api/companies/{companyId}/plates/{plate}`: whether the plate is reported stolen (SPEC §8 codes on failure). */
export function lookupPlate(companyId: number, plate: string, signal?: AbortSignal): Promise<PlateLookup> {
  return api.get(`/companies/${companyId}/plates/${encodeURIComponent(plate)}`, { schema: plateLookupResponseSchema.transform((b) => b.lookup), signal });
}

/** `GET /api/companies/{companyId}/plate-lookups`: a page of the company's lookups, newest first (admins). */
export function fetchPlateLookups(
  companyId: number,
  plate: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<{ lookups: PlateLookupLog[]; total: number }> {
  return api.get(`/companies/${companyId}/plate-lookups`, { query: { plate: plate || undefined, page, pageSize }, schema: plateLookupsResponseSchema, signal });
}

/** Flags a report with a plate the police service reports stolen. */
export function flagStolenPlate(companyId: number, reportId: number, plate: string): Promise<Report> {
  return api.post(`/companies/${companyId}/reports/${reportId}/stolen-plate`, { plate }, { schema: reportResponseSchema.transform((b) => b.report) });
}

/** Clears the report's stolen-plate flag. */
export function clearStolenPlate(companyId: number, reportId: number): Promise<Report> {
  return api.delete(`/companies/${companyId}/reports/${reportId}/stolen-plate`, { schema: reportResponseSchema.transform((b) => b.report) });
}

/** Starts a click-to-call to the report's reporter or caller (phone-call gate companies). */
export function callFromReport(companyId: number, reportId: number, to: CallTarget): Promise<CallResponse["call"]> {
  return api.post(`/companies/${companyId}/reports/${reportId}/call`, { to }, { schema: callResponseSchema.transform((b) => b.call) });
}
