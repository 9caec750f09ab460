import { useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from "react";
import { Skeleton, Spin } from "antd";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useTranslation } from "react-i18next";
import type { ReportListItem } from "@atalaya/shared";
import { useDuplicateCounts } from "../duplicates/duplicate-badge";
import { useSettings } from "../../settings";
import { ROW_HEIGHT, ReportRow } from "./report-row";
import { anchoredScrollTop } from "./scroll-anchor";
import { useNow } from "./use-now";

/** Start loading the next page when this few rows remain below the rendered ones. */
const PREFETCH_ROWS = 15;

interface ReportListProps {
  reports: readonly ReportListItem[];
  label: string;
  selectedUuid: string | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  takingId: number | null;
  onOpen: (report: ReportListItem) => void;
  onTake: (report: ReportListItem) => void;
  /** Ticked report ids and the checkbox handler (issue 18 bulk actions). */
  checkedIds: ReadonlySet<number>;
  onCheck: (report: ReportListItem, range: boolean) => void;
}

/**
 * The virtualised list of one tab: only the rows in view are in the DOM, the next page loads while
 * scrolling, and rows that arrive or leave above the viewport do not move what the operator reads.
 */
export function ReportList({
  reports,
  label,
  selectedUuid,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  takingId,
  onOpen,
  onTake,
  checkedIds,
  onCheck,
}: ReportListProps): ReactNode {
  const { t } = useTranslation();
  const now = useNow();
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = reports.length + (hasNextPage ? 1 : 0);

  // TanStack Virtual hands out fresh functions each render; this build does not use the React Compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => reports[index]?.id ?? "more",
  });
  const items = virtualizer.getVirtualItems();
  const lastRendered = items.length > 0 ? items[items.length - 1]!.index : 0;
  const duplicateCounts = useDuplicateCounts(useSettings().settings.company.id, items.map((item) => reports[item.index]));

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastRendered >= reports.length - PREFETCH_ROWS) fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastRendered, reports.length, fetchNextPage]);

  // Keep the view still when live events insert or remove rows above it.
  const ids = useMemo(() => reports.map((report) => report.id), [reports]);
  const previousIds = useRef(ids);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const previous = previousIds.current;
    previousIds.current = ids;
    if (!element || previous === ids) return;
    const next = anchoredScrollTop(previous, ids, element.scrollTop, ROW_HEIGHT);
    if (Math.abs(next - element.scrollTop) >= 1) element.scrollTop = next;
  }, [ids]);

  // The selected report stays in view however it was chosen (a click, j/k or the arrows, a link).
  const selectedIndex = selectedUuid === null ? -1 : reports.findIndex((report) => report.uuid === selectedUuid);
  // When the list mounts (another tab) and when the selection changes, not when rows arrive live above
  // it: those must not pull the view back to it.
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (selectedIndex < 0 || scrolledTo.current === selectedUuid) return;
    scrolledTo.current = selectedUuid;
    virtualizer.scrollToIndex(selectedIndex, { align: "auto" });
  }, [selectedUuid, selectedIndex, virtualizer]);

  return (
    <div
      ref={scrollRef}
      className="report-list"
      role="list"
      aria-label={label}
      aria-busy={isFetchingNextPage}
      tabIndex={0}
      data-testid="report-list"
      data-count={reports.length}
    >
      <div className="report-list__inner" style={{ height: virtualizer.getTotalSize() }}>
        {/* Rows flow inside one translated block: rows inserted above move the block, not each row,
            so the memoised rows do not re-render. */}
        <div className="report-list__window" style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}>
          {items.map((item) => {
            const report = reports[item.index];
            if (!report) {
              return (
                <div key={item.key} className="report-list__more" style={{ height: ROW_HEIGHT }} role="listitem">
                  {isFetchingNextPage ? <Spin size="small" /> : <Skeleton active title={false} paragraph={{ rows: 3 }} />}
                  <span className="report-list__more-text">{t("events.loadingMore")}</span>
                </div>
              );
            }
            return (
              <ReportRow
                key={item.key}
                report={report}
                selected={report.uuid === selectedUuid}
                now={now}
                taking={takingId === report.id}
                duplicates={duplicateCounts.get(report.id) ?? 0}
                onOpen={onOpen}
                onTake={onTake}
                checked={checkedIds.has(report.id)}
                onCheck={onCheck}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
