import { mapsRouteTable as maps, type MapHeatResponse, type MapReportsResponse } from "@atalaya/shared";
import { call } from "../../lib/call";

/** What the maps screen asks for: a period in days and the layers' filters. */
export interface MapFilter {
  period: number;
  types: readonly number[];
  statuses: readonly string[];
}

/** The SPEC §3 dashboard filter as query parameters (the dashboard builds its own, the maps screen this). */
export type MapQuery = Record<string, string>;

/** The maps screen's filter as the API's query. */
export function mapQueryOf(f: MapFilter): MapQuery {
  const query: MapQuery = { period: String(f.period) };
  if (f.types.length) query.types = f.types.join(",");
  if (f.statuses.length) query.status = f.statuses.join(",");
  return query;
}

/** TanStack Query keys of the maps. */
export const mapKeys = {
  reports: (companyId: number, q: MapQuery) => ["maps", companyId, "reports", q] as const,
  heat: (companyId: number, q: MapQuery, window: HeatWindow | null) => ["maps", companyId, "heat", q, window] as const,
};

/** A window of dates as the dashboard filter reads them: MM-DD-YYYY and HH:mm:ss in the company's clock. */
export interface HeatWindow {
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
}

function queryOf(q: MapQuery, extra: Record<string, string>): MapQuery {
  // A 4-hour window replaces the period or dates of the filter; its types, statuses and zones stay.
  const base = Object.fromEntries(Object.entries(q).filter(([key]) => !(extra.start_date && ["period", "start_date", "start_time", "end_date", "end_time"].includes(key))));
  return { ...base, ...extra };
}

/** `GET /api/companies/{companyId}/maps/reports`: the filter's reports as points (clusters beyond 3000). */
export function fetchMapReports(companyId: number, q: MapQuery, signal?: AbortSignal): Promise<MapReportsResponse> {
  return call(maps.getCompaniesByCompanyIdMapsReports, { params: { companyId }, query: queryOf(q, { zoom: "12" }), signal });
}

/** `GET …/maps/heat`: reports counted on a grid, for the whole filter or one 4-hour window of it. */
export function fetchMapHeat(companyId: number, q: MapQuery, window: HeatWindow | null, signal?: AbortSignal): Promise<MapHeatResponse> {
  return call(maps.getCompaniesByCompanyIdMapsHeat, { params: { companyId }, query: queryOf(q, { zoom: "13", ...(window ?? {}) }), signal });
}
