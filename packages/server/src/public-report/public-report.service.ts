import { DEFAULT_TIMEZONE, type PublicReport, type PublicReportStatus } from "@atalaya/shared";
import type { AppContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { openPublicReport, type PublicReportRow } from "./public-report.repository.js";

// About 110 m of latitude: near enough to know the place, too coarse to point at a door.
const PLACE_DECIMALS = 3;
const round = (value: number) => Number(value.toFixed(PLACE_DECIMALS));

/** The address without its house numbers ("Agustinas 1000, Santiago" → "Agustinas, Santiago"): the
 * public learns the street and commune, not the reporter's door. */
export function approximateArea(address: string | null): string | null {
  if (!address) return null;
  const parts = address
    .split(",")
    // The number that ends a part ("1000", "Nº 321", "#45", "1234-B"); a number inside a street's name
    // ("5 Norte") stays.
    .map((part) => part.replace(/(^|\s)(n(º|°|o\.?)\s*|#\s*)?\d+[a-z]?(-[\da-z]+)?\s*$/i, "").replace(/\s+/g, " ").trim())
    .filter(Boolean);
  return parts.length ? parts.join(", ") : null;
}

/** The public status over every attending organisation: closed once one closed it, in progress while
 * one works it, else received. */
export function publicStatus(statuses: readonly string[]): PublicReportStatus {
  if (statuses.some((s) => s === "solved" || s === "false")) return "closed";
  if (statuses.some((s) => s === "in_progress" || s === "in_observation")) return "in_progress";
  return "received";
}

/** What anyone with the link sees of the report. */
export function presentPublicReport(row: PublicReportRow): PublicReport {
  return {
    uuid: row.uuid,
    type: row.type_id,
    title: row.title,
    description: row.description,
    status: publicStatus(row.statuses),
    createdAt: new Date(row.created_at).toISOString(),
    timezone: row.timezone ?? DEFAULT_TIMEZONE,
    place: { area: approximateArea(row.address), latitude: round(row.latitude), longitude: round(row.longitude) },
  };
}

/** GET /api/public/reports/{uuid}: the public page's data, counted as a share; 404 when the report is
 * unknown, deleted by its author or private. */
export async function getPublicReport(ctx: AppContext, uuid: string): Promise<PublicReport> {
  const row = await openPublicReport(ctx.db, uuid.toLowerCase());
  if (!row) throw notFound();
  return presentPublicReport(row);
}
