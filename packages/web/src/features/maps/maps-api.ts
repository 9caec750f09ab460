import { mapHeatResponseSchema, mapReportsResponseSchema, type MapHeatResponse, type MapReportsResponse } from "@atalaya/shared";
import { api } from "../../lib/api";

/** What the maps screen asks for: a period in days, or a window of dates, and the layers' filters. */
export interface MapFilter {
  period: number;
  /** A window of 4 hours starting here (ISO instant) instead of the whole period (heat map steps). */
  types: readonly number[];
  statuses: readonly string[];
}

/** TanStack Query keys of the maps screen. */
export const mapKeys = {
  reports: (companyId: number, f: MapFilter) => ["maps", companyId, "reports", f] as const,
  heat: (companyId: number, f: MapFilter, window: HeatWindow | null) => ["maps", companyId, "heat", f, window] as const,
};

/** A window of dates as the dashboard filter reads them: MM-DD-YYYY and HH:mm:ss in the company's clock. */
export interface HeatWindow {
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
}

function query(f: MapFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (!extra.start_date) params.set("period", String(f.period));
  if (f.types.length) params.set("types", f.types.join(","));
  if (f.statuses.length) params.set("status", f.statuses.join(","));
  return params.toString();
}

/** `GET /api/companies/{companyId}/maps/reports`: the period's reports as points (clusters beyond 3000). */
export function fetchMapReports(companyId: number, f: MapFilter, signal?: AbortSignal): Promise<MapReportsResponse> {
  return api.get(`/companies/${companyId}/maps/reports?${query(f, { zoom: "12" })}`, { schema: mapReportsResponseSchema, signal });
}

/** `GET …/maps/heat`: reports counted on a grid, for the whole period or one 4-hour window of it. */
export function fetchMapHeat(companyId: number, f: MapFilter, window: HeatWindow | null, signal?: AbortSignal): Promise<MapHeatResponse> {
  return api.get(`/companies/${companyId}/maps/heat?${query(f, { zoom: "13", ...(window ?? {}) })}`, { schema: mapHeatResponseSchema, signal });
}
