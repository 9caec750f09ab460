import type { EventType, RealtimeMessage } from "@atalaya/shared";

/** Messages kept in the live feed. */
export const LIVE_FEED_LIMIT = 100;

/** One row of the live feed. */
export interface FeedItem {
  key: string;
  type: EventType;
  seq: number;
  companyId: number;
  receivedAt: number;
  reportId: number | string | null;
  reportUuid: string | null;
  text: string | null;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function firstString(...values: unknown[]): string | null {
  for (const value of values) if (typeof value === "string" && value.trim() !== "") return value;
  return null;
}

function firstId(...values: unknown[]): number | string | null {
  for (const value of values) {
    if (typeof value === "number" && Number.isFinite(value)) return value;
    if (typeof value === "string" && value !== "") return value;
  }
  return null;
}

/** Report id, uuid and a short text found in a message's data, whatever its event type. */
export function summarizeMessage(message: RealtimeMessage): Pick<FeedItem, "reportId" | "reportUuid" | "text"> {
  const data = message.data;
  const report = record(data.report) ?? data;
  const ids = Array.isArray(data.ids) ? data.ids.filter((id) => typeof id === "number" || typeof id === "string") : [];
  const nested = record(data.comment) ?? record(data.note);
  return {
    reportId: firstId(report.id, data.reportId, data.report_id, data.id),
    reportUuid: firstString(report.uuid, data.reportUuid, data.report_uuid),
    text:
      firstString(report.description, report.title, data.body, nested?.body, data.description) ??
      (ids.length > 0 ? ids.map((id) => `#${String(id)}`).join(", ") : null),
  };
}

/** Adds a message on top of the feed (newest first), keeping at most `limit` rows and no repeated seq. */
export function addToFeed(
  items: readonly FeedItem[],
  message: RealtimeMessage,
  receivedAt: number,
  limit: number = LIVE_FEED_LIMIT,
): FeedItem[] {
  const key = `${message.companyId}:${message.seq}`;
  if (items.some((item) => item.key === key)) return [...items];
  const item: FeedItem = {
    key,
    type: message.type,
    seq: message.seq,
    companyId: message.companyId,
    receivedAt,
    ...summarizeMessage(message),
  };
  return [item, ...items].slice(0, limit);
}
