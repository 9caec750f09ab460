import type { QueryClient, QueryKey } from "@tanstack/react-query";
import {
  INCOMING_COMMENTS_KEPT,
  REPORT_STATUSES,
  SORT_OPTIONS,
  type Comment,
  type RealtimeMessage,
  type ReportListItem,
  type ReportCounters,
  type ReportStatus,
  type SortOption,
} from "@atalaya/shared";
import { reportCountersKey, reportListPrefix } from "../report-api";
import { addIncomingComment, isDuplicateComment, toIncomingComment, type IncomingComment } from "./incoming-comments";
import {
  applyChangeToCounters,
  applyChangeToList,
  resolveMessage,
  upsertInList,
  type ListIdentity,
  type ReportChange,
  type ReportListData,
  type ViewerScope,
} from "./report-list-state";

/** Changes replayed onto a list page that arrives after them (its fetch may have started before). */
const JOURNAL_MS = 60_000;
const JOURNAL_MAX = 300;
const SEEN_COMMENTS_MAX = 2_000;

/** Snapshot of the incoming comments drawer. */
export interface IncomingCommentsSnapshot {
  comments: readonly IncomingComment[];
  unread: number;
}

interface JournalEntry {
  at: number;
  change: ReportChange;
}

/** Which tab and sort a list query key names, or null for keys that are not report lists. */
export function listIdentityOf(key: QueryKey): ListIdentity | null {
  const [, , , status, sort] = key;
  if (!(REPORT_STATUSES as readonly unknown[]).includes(status)) return null;
  if (!(SORT_OPTIONS as readonly unknown[]).includes(sort)) return null;
  return { status: status as ReportStatus, sort: sort as SortOption, favorites: key[5] === "favorites" };
}

/**
 * Keeps the TanStack Query cache of one organisation's report lists live: every real-time message (and
 * every polled report) goes through the pure rules of `report-list-state`, then into each cached tab
 * and the counters. Remembers the reports the operator can see (for the SPEC §4 rules that compare with
 * what is held), the polling cursor, and the incoming comments drawer.
 */
export class ReportSync {
  readonly scope: ViewerScope;
  private readonly queryClient: QueryClient;
  private readonly fetchCounters: (() => Promise<ReportCounters>) | null;
  private readonly countersDelayMs: number;
  private readonly now: () => number;
  private countersTimer: ReturnType<typeof setTimeout> | null = null;

  private readonly known = new Map<number, ReportListItem>();
  private readonly seenComments = new Set<number>();
  private readonly listeners = new Set<(change: ReportChange) => void>();
  private readonly commentListeners = new Set<() => void>();
  private journal: JournalEntry[] = [];
  private cursor = 0;
  private comments: IncomingCommentsSnapshot = { comments: [], unread: 0 };
  private unsubscribeCache: (() => void) | null = null;

  constructor(
    queryClient: QueryClient,
    scope: ViewerScope,
    options: {
      /** Reloads the counters from the server; called (debounced) when a change's former status is unknown. */
      fetchCounters?: () => Promise<ReportCounters>;
      countersDelayMs?: number;
      now?: () => number;
    } = {},
  ) {
    this.queryClient = queryClient;
    this.scope = scope;
    this.fetchCounters = options.fetchCounters ?? null;
    this.countersDelayMs = options.countersDelayMs ?? 1_500;
    this.now = options.now ?? (() => Date.now());
  }

  /** Starts following the cache: lists already loaded are remembered, pages that arrive later get the journal replayed. */
  start(): void {
    // Pages fetched before the sync ran (the prefetch) set the cursor; what they hold was on screen already.
    for (const [, data] of this.queryClient.getQueriesData<ReportListData>({ queryKey: reportListPrefix(this.scope.companyId) })) {
      for (const page of data?.pages ?? []) this.learnPage(page);
    }
    this.unsubscribeCache = this.queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== "updated" || event.action.type !== "success" || event.action.manual) return;
      const identity = this.ownListIdentity(event.query.queryKey);
      if (identity) this.replayJournal(event.query.queryKey, identity);
    });
  }

  /** Stops following the cache (subscribers unsubscribe themselves). */
  stop(): void {
    this.unsubscribeCache?.();
    this.unsubscribeCache = null;
    if (this.countersTimer !== null) clearTimeout(this.countersTimer);
    this.countersTimer = null;
  }

  /** The polling cursor: the highest followup id seen in pages and events (0 = unknown yet). */
  get lastFollowupId(): number {
    return this.cursor;
  }

  /**
   * Records a page the server sent: its reports are now known and its followup id moves the cursor. A
   * report it holds that is newer than the cursor arrived while the page was on its way (before its
   * event, or with the socket down and no poll yet): it is a new report like a polled one, so the lists
   * count it and the alarm rings, and its event or poll later finds it known and rings no second time.
   */
  rememberPage(page: { reports: readonly ReportListItem[]; lastFollowupId?: number }): void {
    const cursor = this.cursor;
    if (cursor > 0) {
      for (const report of page.reports)
        if (report.reportFollowupId > cursor && !this.known.has(report.id))
          this.handle({ type: "newReport", seq: 0, companyId: this.scope.companyId, data: { report } }, { polled: true });
    }
    this.learnPage(page);
  }

  private learnPage(page: { reports: readonly ReportListItem[]; lastFollowupId?: number }): void {
    this.rememberReports(page.reports);
    if (page.lastFollowupId !== undefined) this.cursor = Math.max(this.cursor, page.lastFollowupId);
  }

  /** The report as the operator last received it, if visible to them. */
  readonly lookup = (id: number): ReportListItem | undefined => this.known.get(id);

  /** Applies a real-time message (or, with `polled`, a polled report as `newReport`) and returns its meaning. */
  handle(message: RealtimeMessage, options: { polled?: boolean } = {}): ReportChange {
    if (message.type === "substatuses" && message.companyId === this.scope.companyId) this.renameSubstatus(message.data);
    const change = resolveMessage(message, this.lookup, this.scope, options);
    this.apply(change);
    return change;
  }

  /** A company admin renamed one of the company's substatuses (the `substatuses` message): the rows that
   * carry it show the new name. A deleted one stays on its reports as it was. */
  private renameSubstatus(data: Record<string, unknown>): void {
    const { id, name, deleted } = data;
    if (typeof id !== "number" || typeof name !== "string" || deleted === true) return;
    for (const report of [...this.known.values()])
      if (report.substatus?.id === id && report.substatus.name !== name) this.apply({ kind: "patch", id: report.id, patch: { substatus: { id, name } } });
  }

  /** Applies a report the operator changed themselves (e.g. the take response) like an update event. */
  handleOwnUpdate(report: ReportListItem): ReportChange {
    return this.handle({ type: "updateReport", seq: 0, companyId: this.scope.companyId, data: { report } });
  }

  /** Listens to every change applied (the alarm listens to new pending reports here). */
  subscribe(listener: (change: ReportChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Listens to the incoming comments drawer. */
  subscribeComments(listener: () => void): () => void {
    this.commentListeners.add(listener);
    return () => this.commentListeners.delete(listener);
  }

  /** Current incoming comments (newest first, at most 100) and how many arrived since last read. */
  getComments(): IncomingCommentsSnapshot {
    return this.comments;
  }

  /** Adds the server's latest community comments (newest first) under those that arrived live, so the
   * drawer survives a reload; they were there before this page, so none counts as unread. */
  seedComments(comments: readonly Comment[]): void {
    const list = [...this.comments.comments];
    for (const comment of comments) {
      const entry = toIncomingComment(comment.report_id, comment);
      if (!comment.isOperator && !comment.hidden && !isDuplicateComment(list, entry)) list.push(entry);
    }
    if (list.length === this.comments.comments.length) return;
    list.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
    this.comments = { comments: list.slice(0, INCOMING_COMMENTS_KEPT), unread: this.comments.unread };
    this.emitComments();
  }

  /** The operator opened the drawer: nothing is unread any more. */
  markCommentsRead(): void {
    if (this.comments.unread === 0) return;
    this.comments = { ...this.comments, unread: 0 };
    this.emitComments();
  }

  private apply(change: ReportChange): void {
    if (change.kind === "ignore") return;
    if (change.kind === "comment") {
      this.applyComment(change);
      return;
    }

    const countersKey = reportCountersKey(this.scope.companyId);
    const counters = this.queryClient.getQueryData<ReportCounters>(countersKey);
    if (counters) {
      const result = applyChangeToCounters(counters, change, this.lookup);
      if (result.counters !== counters) this.queryClient.setQueryData(countersKey, result.counters);
      if (result.uncertain) this.scheduleCountersRefresh();
    }

    this.forEachList((key, data, identity) => {
      const next = applyChangeToList(data, change, identity);
      if (next !== data) this.queryClient.setQueryData(key, next);
    });

    switch (change.kind) {
      case "upsert":
        this.known.set(change.report.id, change.report);
        this.cursor = Math.max(this.cursor, change.report.reportFollowupId);
        break;
      case "hide":
        this.known.delete(change.id);
        break;
      case "remove":
        for (const id of change.ids) this.known.delete(id);
        break;
      case "patch": {
        const current = this.known.get(change.id);
        if (current) this.known.set(change.id, { ...current, ...change.patch });
        break;
      }
    }
    this.record(change);
    for (const listener of [...this.listeners]) listener(change);
  }

  /** One reload of the counters for a burst of uncertain changes. */
  private scheduleCountersRefresh(): void {
    const fetchCounters = this.fetchCounters;
    if (!fetchCounters || this.countersTimer !== null) return;
    this.countersTimer = setTimeout(() => {
      this.countersTimer = null;
      fetchCounters()
        .then((counters) => this.queryClient.setQueryData(reportCountersKey(this.scope.companyId), counters))
        .catch(() => undefined);
    }, this.countersDelayMs);
  }

  private applyComment(change: Extract<ReportChange, { kind: "comment" }>): void {
    const { comment, reportId } = change;
    if (this.seenComments.has(comment.id)) return;
    this.seenComments.add(comment.id);
    if (this.seenComments.size > SEEN_COMMENTS_MAX) {
      const oldest = this.seenComments.values().next().value;
      if (oldest !== undefined) this.seenComments.delete(oldest);
    }

    const current = this.known.get(reportId);
    if (current) {
      const patch: ReportChange = { kind: "patch", id: reportId, patch: { commentsCount: current.commentsCount + 1 } };
      this.apply(patch);
    }

    // The drawer lists the community's comments on reports this operator can see.
    const unrestricted = this.scope.zones.length === 0 && this.scope.reportTypes.length === 0 && !this.scope.onlyAssigned;
    if (comment.isOperator || comment.hidden || (!current && !unrestricted)) return;
    const comments = addIncomingComment(this.comments.comments, toIncomingComment(reportId, comment));
    if (comments === this.comments.comments) return;
    this.comments = { comments, unread: Math.min(comments.length, this.comments.unread + 1) };
    this.emitComments();
    for (const listener of [...this.listeners]) listener(change);
  }

  private rememberReports(reports: readonly ReportListItem[]): void {
    for (const report of reports) {
      const held = this.known.get(report.id);
      if (!held || held.version <= report.version) this.known.set(report.id, report);
      this.cursor = Math.max(this.cursor, report.reportFollowupId);
    }
  }

  private ownListIdentity(key: QueryKey): ListIdentity | null {
    const prefix = reportListPrefix(this.scope.companyId);
    // Status and sort, and "favorites" for the operator's favourites list (issue 17).
    if ((key.length !== prefix.length + 2 && key.length !== prefix.length + 3) || prefix.some((part, index) => key[index] !== part)) return null;
    return listIdentityOf(key);
  }

  private forEachList(fn: (key: QueryKey, data: ReportListData, identity: ListIdentity) => void): void {
    for (const [key, data] of this.queryClient.getQueriesData<ReportListData>({ queryKey: reportListPrefix(this.scope.companyId) })) {
      const identity = this.ownListIdentity(key);
      if (data && identity) fn(key, data, identity);
    }
  }

  private record(change: ReportChange): void {
    const now = this.now();
    this.journal.push({ at: now, change });
    const cutoff = now - JOURNAL_MS;
    const firstKept = this.journal.findIndex((entry) => entry.at >= cutoff);
    if (firstKept > 0) this.journal = this.journal.slice(firstKept);
    if (this.journal.length > JOURNAL_MAX) this.journal = this.journal.slice(-JOURNAL_MAX);
  }

  /** A page fetched while events were arriving may predate them: replays recent changes onto it. */
  private replayJournal(key: QueryKey, identity: ListIdentity): void {
    const data = this.queryClient.getQueryData<ReportListData>(key);
    if (!data) return;
    this.rememberReports(data.pages.flatMap((page) => page.reports));
    const cutoff = this.now() - JOURNAL_MS;
    let next = data;
    for (const { at, change } of this.journal) {
      if (at < cutoff) continue;
      if (change.kind === "upsert") {
        // Fresh pages were remembered above: a newer version than the journal's wins.
        const latest = this.known.get(change.report.id);
        if (latest && latest.version > change.report.version) continue;
        next = upsertInList(next, change.report, identity);
      } else {
        next = applyChangeToList(next, change, identity);
      }
    }
    if (next !== data) this.queryClient.setQueryData(key, next);
  }

  private emitComments(): void {
    for (const listener of [...this.commentListeners]) listener();
  }
}

const registry = new Map<number, ReportSync>();
const registryListeners = new Set<() => void>();

function registryChanged(): void {
  for (const listener of [...registryListeners]) listener();
}

/** Makes a sync the one of its organisation (the list queries report their pages to it). */
export function registerReportSync(sync: ReportSync): () => void {
  registry.set(sync.scope.companyId, sync);
  registryChanged();
  return () => {
    if (registry.get(sync.scope.companyId) !== sync) return;
    registry.delete(sync.scope.companyId);
    registryChanged();
  };
}

/** Listens to syncs starting and stopping. */
export function subscribeReportSyncs(listener: () => void): () => void {
  registryListeners.add(listener);
  return () => registryListeners.delete(listener);
}

/** The running sync of an organisation, if the signed-in shell started one. */
export function getReportSync(companyId: number): ReportSync | undefined {
  return registry.get(companyId);
}
