import { DEFAULT_POLLING_MINUTES, type RealtimeMessage, type Report, type ReportListItem } from "@atalaya/shared";
import { REPORT_PAGE_SIZE } from "../report-api";

/** Company config pair holding the minutes between polls for new reports (SPEC §9). */
export const POLLING_CONFIG_NAME = "pollingNewReportsMinutes";

/**
 * Milliseconds between polls for new reports while the socket is down: the company config
 * `pollingNewReportsMinutes` when it is a positive number, else 15 minutes (SPEC §9), converted to ms.
 */
export function pollingIntervalMs(config: readonly { name: string; value: string }[]): number {
  const raw = config.find((pair) => pair.name === POLLING_CONFIG_NAME)?.value.trim() ?? "";
  const minutes = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
  const effective = Number.isFinite(minutes) && minutes > 0 ? minutes : DEFAULT_POLLING_MINUTES;
  return Math.round(effective * 60_000);
}

/** Milliseconds from losing the socket to the first poll: 5 to 15 s, at random. */
export function firstPollDelayMs(random: () => number = Math.random): number {
  return Math.round(5_000 + random() * 10_000);
}

/** What one poll needs from the API (injected so the logic runs in unit tests). */
export interface PollDeps {
  /** Reports whose followup id is above the cursor, oldest first, one page from `offset`. */
  fetchAfter(reportFollowupId: number, offset: number, signal?: AbortSignal): Promise<{ reports: readonly Report[] }>;
  /** Any small page, to learn the company's current followup id when no cursor is known yet. */
  fetchCursor(signal?: AbortSignal): Promise<{ reports: readonly ReportListItem[]; lastFollowupId: number }>;
}

/** Where polled reports go: the same sync that applies real-time events. */
export interface PollTarget {
  readonly lastFollowupId: number;
  rememberPage(page: { reports: readonly ReportListItem[]; lastFollowupId?: number }): void;
  handle(message: RealtimeMessage, options: { polled: boolean }): unknown;
}

/** Pages fetched at most in one poll. */
const MAX_POLL_PAGES = 20;

/**
 * One poll of the fallback (SPEC §7): reports newer than the last followup id are dispatched as
 * `newReport` events through the sync. Without a cursor yet it only learns the current one (a first
 * poll must not replay the whole history as new reports). Returns how many reports were dispatched.
 */
export async function pollOnce(target: PollTarget, companyId: number, deps: PollDeps, signal?: AbortSignal): Promise<number> {
  const cursor = target.lastFollowupId;
  if (cursor <= 0) {
    target.rememberPage(await deps.fetchCursor(signal));
    return 0;
  }
  let dispatched = 0;
  let offset = 0;
  for (let page = 0; page < MAX_POLL_PAGES; page += 1) {
    const { reports } = await deps.fetchAfter(cursor, offset, signal);
    for (const report of reports) {
      target.handle({ type: "newReport", seq: 0, companyId, data: { report } }, { polled: true });
      dispatched += 1;
    }
    if (reports.length < REPORT_PAGE_SIZE) break;
    offset += reports.length;
  }
  return dispatched;
}
