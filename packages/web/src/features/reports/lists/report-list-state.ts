import type { InfiniteData } from "@tanstack/react-query";
import {
  commentEventSchema,
  compareReports,
  likeEventSchema,
  mediaStatusEventSchema,
  reportListItemSchema,
  type Comment,
  type RealtimeMessage,
  type Report,
  type ReportListItem,
  type ReportCounters,
  type ReportStatus,
  type SortOption,
} from "@atalaya/shared";

/** One loaded page of a tab; `hasMore` says whether the server had reports after it when it was fetched. */
export interface ListPage {
  reports: ReportListItem[];
  total: number;
  hasMore: boolean;
  /** The organisation's highest followup id when the page was read (the polling cursor it brings). */
  lastFollowupId?: number;
}

/** The cached infinite list of one tab in one sort order (page params are offsets). */
export type ReportListData = InfiniteData<ListPage, number>;

/** Which list a cache entry holds. */
export interface ListIdentity {
  status: ReportStatus;
  sort: SortOption;
  /** "My favourites" (issue 17): only the reports the operator starred. */
  favorites?: boolean;
}

/** The operator the lists are for: their organisation and the SPEC §6 restrictions of their account. */
export interface ViewerScope {
  companyId: number;
  userId: number;
  /** Zones the operator is restricted to; empty = every zone. */
  zones: readonly number[];
  /** ReportListItem types the operator is restricted to; empty = every type of the organisation. */
  reportTypes: readonly number[];
  /** User setting `onlyAssignedReports`: only reports assigned to the operator. */
  onlyAssigned: boolean;
}

/** Where an upsert came from: a real-time event or the polling fallback. */
export type UpsertSource = "newReport" | "updateReport" | "updateTtlReport" | "poll";

/** What one real-time message means for the lists of this operator. */
export type ReportChange =
  | { kind: "upsert"; report: ReportListItem; previous: ReportListItem | undefined; source: UpsertSource }
  /** The report is no longer visible to this operator (reassigned, moved out of their zones…). */
  | { kind: "hide"; id: number; previous: ReportListItem }
  | { kind: "remove"; ids: number[] }
  | { kind: "patch"; id: number; patch: Partial<Report> }
  | { kind: "comment"; reportId: number; comment: Comment }
  | { kind: "ignore"; reason: IgnoreReason };

export type IgnoreReason = "unsupported" | "malformed" | "filtered" | "foreignUnknown" | "ttlUnchanged" | "stale";

/** Looks up the version of a report the operator already has (undefined when unknown or not visible). */
export type KnownReport = (id: number) => ReportListItem | undefined;

/** SPEC §4/§6 list filters: the operator's zones (any overlap), report types and the only-assigned setting. */
export function passesFilters(report: Pick<ReportListItem, "zones" | "type" | "assignedUser">, scope: ViewerScope): boolean {
  if (scope.zones.length > 0 && !report.zones.some((zone) => scope.zones.includes(zone))) return false;
  if (scope.reportTypes.length > 0 && !scope.reportTypes.includes(report.type)) return false;
  if (scope.onlyAssigned && report.assignedUser?.id !== scope.userId) return false;
  return true;
}

const CLOSED: readonly ReportStatus[] = ["solved", "false"];

/** The derived status shown for a report: in_deleting_progress while an author-deleted report is open. */
export function displayStatusOf(status: ReportStatus, deletedAt: string | null): ReportListItem["displayStatus"] {
  return deletedAt !== null && !CLOSED.includes(status) ? "in_deleting_progress" : status;
}

function numericId(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : null;
}

function idsOf(data: Record<string, unknown>): number[] {
  const single = numericId(data.reportId) ?? numericId(data.id);
  if (single !== null) return [single];
  const report = data.report;
  if (typeof report === "object" && report !== null) {
    const nested = numericId((report as Record<string, unknown>).id);
    if (nested !== null) return [nested];
  }
  const list = Array.isArray(data.ids) ? data.ids : Array.isArray(data.reportIds) ? data.reportIds : [];
  return list.map(numericId).filter((id): id is number => id !== null);
}

function resolveReport(message: RealtimeMessage, source: UpsertSource, known: KnownReport, scope: ViewerScope): ReportChange {
  const parsed = listedReportSchema.safeParse(message.data.report);
  if (!parsed.success) return { kind: "ignore", reason: "malformed" };
  const incoming = parsed.data;
  const previous = known(incoming.id);
  const foreign = message.companyId !== scope.companyId || incoming.company_id !== scope.companyId;

  let report: ReportListItem = incoming;
  if (foreign) {
    // SPEC §4: another organisation's update never overwrites this organisation's status or observations
    // (theirs are left out; ours are kept where the list holds them, a row of the panel carries none).
    if (!previous) return { kind: "ignore", reason: "foreignUnknown" };
    const { observations: _theirs, ...shared } = incoming;
    report = {
      ...shared,
      ...("observations" in previous ? { observations: previous.observations } : {}),
      company_id: previous.company_id,
      status: previous.status,
      displayStatus: displayStatusOf(previous.status, incoming.deletedAt),
      can: previous.can,
      version: previous.version,
    };
  } else if (previous && incoming.version < previous.version) {
    // An event older than what the operator already holds (e.g. after the take response).
    return { kind: "ignore", reason: "stale" };
  }

  // SPEC §4: an updateTtlReport whose datetime_ttl (the row's dueDate) did not change is ignored.
  if (source === "updateTtlReport" && previous && previous.dueDate === incoming.dueDate) {
    return { kind: "ignore", reason: "ttlUnchanged" };
  }

  // isFavorite and seen are the operator's own: events (sent to every operator) leave them out, so
  // what this operator already knew is kept; a report never seen before arrives unseen when it is new.
  report = {
    ...report,
    isFavorite: incoming.isFavorite ?? previous?.isFavorite ?? false,
    seen: incoming.seen ?? previous?.seen ?? !(source === "newReport" || source === "poll"),
  };

  if (!passesFilters(report, scope)) {
    return previous ? { kind: "hide", id: report.id, previous } : { kind: "ignore", reason: "filtered" };
  }
  return { kind: "upsert", report, previous, source };
}

/** What the lists need of a report an event or the operator's own change brings: a row's fields,
 * checked, and whatever else the report carries, kept (an event's whole report, a row plus a patch). */
const listedReportSchema = reportListItemSchema.loose();

/** Reads a real-time message (or a polled report dressed as `newReport`) into a change for the lists. */
export function resolveMessage(
  message: RealtimeMessage,
  known: KnownReport,
  scope: ViewerScope,
  options: { polled?: boolean } = {},
): ReportChange {
  const data = message.data;
  switch (message.type) {
    case "newReport":
      return resolveReport(message, options.polled ? "poll" : "newReport", known, scope);
    case "updateReport":
    case "updateTtlReport":
      return resolveReport(message, message.type, known, scope);
    case "removeReport":
    case "removeReports": {
      const ids = idsOf(data);
      return ids.length > 0 ? { kind: "remove", ids } : { kind: "ignore", reason: "malformed" };
    }
    case "like":
    case "dislike": {
      const parsed = likeEventSchema.safeParse(data);
      if (!parsed.success) return { kind: "ignore", reason: "malformed" };
      return { kind: "patch", id: parsed.data.reportId, patch: { likes: parsed.data.likes, dislikes: parsed.data.dislikes } };
    }
    case "mediaStatus": {
      const parsed = mediaStatusEventSchema.safeParse(data);
      if (!parsed.success) return { kind: "ignore", reason: "malformed" };
      return { kind: "patch", id: parsed.data.reportId, patch: { filesMedia: parsed.data.media } };
    }
    case "newComment":
    case "incomingComment": {
      const parsed = commentEventSchema.safeParse(data);
      if (!parsed.success) return { kind: "ignore", reason: "malformed" };
      return { kind: "comment", reportId: parsed.data.reportId, comment: parsed.data.comment };
    }
    default:
      return { kind: "ignore", reason: "unsupported" };
  }
}

function mapPages(data: ReportListData, fn: (reports: ReportListItem[]) => ReportListItem[]): ReportListData {
  let changed = false;
  const pages = data.pages.map((page) => {
    const reports = fn(page.reports);
    if (reports === page.reports) return page;
    changed = true;
    return { ...page, reports };
  });
  return changed ? { ...data, pages } : data;
}

/** The list without report `id` (the same object when it was not there). */
export function removeFromList(data: ReportListData, ids: readonly number[]): ReportListData {
  const drop = new Set(ids);
  return mapPages(data, (reports) => (reports.some((r) => drop.has(r.id)) ? reports.filter((r) => !drop.has(r.id)) : reports));
}

/** The list with `patch` applied to report `id` (the same object when it is not loaded). */
export function patchInList(data: ReportListData, id: number, patch: Partial<Report>): ReportListData {
  return mapPages(data, (reports) => {
    const index = reports.findIndex((r) => r.id === id);
    if (index < 0) return reports;
    const next = [...reports];
    next[index] = { ...reports[index]!, ...patch };
    return next;
  });
}

/**
 * Puts a report where it belongs in one list: removed from wherever it was, then inserted at its
 * sorted place (SPEC §4 comparator) when its status is the list's. A report that sorts after every
 * loaded one while the server holds more is left for the next page, so pages stay contiguous.
 */
export function upsertInList(data: ReportListData, report: ReportListItem, list: ListIdentity): ReportListData {
  const without = removeFromList(data, [report.id]);
  if (report.status !== list.status || without.pages.length === 0) return without;
  if (list.favorites && !report.isFavorite) return without;

  const compare = compareReports(list.sort);
  const pages = without.pages;
  // Pages are sorted and contiguous: find the first page whose last report sorts after this one,
  // then binary-search inside it (a tab may hold thousands of reports and events arrive in bursts).
  for (let p = 0; p < pages.length; p += 1) {
    const page = pages[p]!;
    const lastOfPage = page.reports[page.reports.length - 1];
    if (!lastOfPage || compare(report, lastOfPage) >= 0) continue;
    let low = 0;
    let high = page.reports.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(report, page.reports[middle]!) < 0) high = middle;
      else low = middle + 1;
    }
    const reports = [...page.reports];
    reports.splice(low, 0, report);
    const nextPages = [...pages];
    nextPages[p] = { ...page, reports };
    return { ...without, pages: nextPages };
  }
  const last = pages[pages.length - 1]!;
  if (last.hasMore) return without;
  const nextPages = [...pages];
  nextPages[pages.length - 1] = { ...last, reports: [...last.reports, report] };
  return { ...without, pages: nextPages };
}

/** Applies one change to one cached list; returns the same object when the list is not affected. */
export function applyChangeToList(data: ReportListData, change: ReportChange, list: ListIdentity): ReportListData {
  switch (change.kind) {
    case "upsert":
      return upsertInList(data, change.report, list);
    case "hide":
      return removeFromList(data, [change.id]);
    case "remove":
      return removeFromList(data, change.ids);
    case "patch":
      return patchInList(data, change.id, change.patch);
    case "comment":
      return data;
    case "ignore":
      return data;
  }
}

/** Offset of the next page: what is loaded now, or undefined when the last fetch reached the end. */
export function nextPageOffset(lastPage: ListPage, pages: readonly ListPage[]): number | undefined {
  if (!lastPage.hasMore) return undefined;
  return pages.reduce((sum, page) => sum + page.reports.length, 0);
}

/** The reports of every loaded page in order, each once. */
export function flattenList(data: { pages: readonly ListPage[] } | undefined): ReportListItem[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: ReportListItem[] = [];
  for (const page of data.pages) {
    for (const report of page.reports) {
      if (seen.has(report.id)) continue;
      seen.add(report.id);
      out.push(report);
    }
  }
  return out;
}

function bump(counters: ReportCounters, status: ReportStatus, delta: number): ReportCounters {
  return { ...counters, [status]: Math.max(0, counters[status] + delta) };
}

/**
 * Keeps the tab counters live. `uncertain` is true when a report the operator did not know changed or
 * left, so its former status is unknown: the caller then reloads the counters from the server.
 */
export function applyChangeToCounters(
  counters: ReportCounters,
  change: ReportChange,
  known: KnownReport,
): { counters: ReportCounters; uncertain: boolean } {
  switch (change.kind) {
    case "upsert": {
      const { previous, report, source } = change;
      if (previous) {
        if (previous.status === report.status) return { counters, uncertain: false };
        return { counters: bump(bump(counters, previous.status, -1), report.status, 1), uncertain: false };
      }
      if (source === "newReport" || source === "poll") return { counters: bump(counters, report.status, 1), uncertain: false };
      return { counters, uncertain: true };
    }
    case "hide":
      return { counters: bump(counters, change.previous.status, -1), uncertain: false };
    case "remove": {
      let next = counters;
      let uncertain = false;
      for (const id of change.ids) {
        const previous = known(id);
        if (previous) next = bump(next, previous.status, -1);
        else uncertain = true;
      }
      return { counters: next, uncertain };
    }
    default:
      return { counters, uncertain: false };
  }
}
