import { lazy, Suspense, useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Alert, Button, Checkbox, Dropdown, Empty, Flex, Skeleton, Tooltip, Typography } from "antd";
import { useToast } from "../../../lib/use-toast";
import { DownOutlined, PlusOutlined, QuestionCircleOutlined, ReloadOutlined, SwapOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { Outlet, useMatch, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { BULK_MAX_IDS, SORT_OPTIONS, type BulkResponse, type PanelTab, type ReportListItem, type SortOption } from "@atalaya/shared";
import { isApiError } from "../../../lib/api";
import { localStore } from "../../../lib/storage";
import { useConnectionState } from "../../realtime";
import { fetchReport, takeReport } from "../report-api";
import { useSettings } from "../../settings";
import { IncomingCommentsButton } from "./incoming-comments-drawer";
import { ExportButton } from "../../export";
import { EMPTY_SELECTION, keepListed, toggleAll, toggleOne, toggleRange, type Selection } from "../triage/selection";
import type { ShortcutAction } from "../triage/shortcuts";
import { useShortcuts } from "../triage/use-shortcuts";
import { readPanelSort, readPanelTab, writePanelSort, writePanelTab } from "./panel-preferences";
import { pollingIntervalMs } from "../lists/polling";
import { ReportList } from "./report-list";
import { RestrictedView } from "./restricted-view";
import { ROW_HEIGHT } from "./report-row";
import { StatusTabs } from "./status-tabs";
import { useReportCounters, useReportList, useReportSync } from "../lists/use-report-list";
import { FavoritesFilter } from "../flags/favorites-filter";
// With the panel, not lazily: the bar comes above the list when the first report is ticked, and when its
// code arrived later it pushed the rows down under the operator's next click (a shift-click hit no row).
import { BulkSummary, SelectionBar } from "../triage/selection-bar";
import "./events-panel.css";

// The shortcuts overlay loads when first opened: the panel's first download stays what an operator needs
// to read and tick the reports (issue 9's budget for the events panel).
const ShortcutHelp = lazy(() => import("../triage/shortcut-help").then((m) => ({ default: m.ShortcutHelp })));

function usePanelPreferences(): [PanelTab, SortOption, (tab: PanelTab) => void, (sort: SortOption) => void] {
  const [tab, setTab] = useState<PanelTab>(() => readPanelTab(localStore()));
  const [sort, setSort] = useState<SortOption>(() => readPanelSort(localStore(), tab));
  const changeTab = useCallback((next: PanelTab) => {
    writePanelTab(localStore(), next);
    setTab(next);
    setSort(readPanelSort(localStore(), next));
  }, []);
  const changeSort = useCallback(
    (next: SortOption) => {
      writePanelSort(localStore(), tab, next);
      setSort(next);
    },
    [tab],
  );
  return [tab, sort, changeTab, changeSort];
}

function ListPlaceholder(): ReactNode {
  return (
    <div className="report-list report-list--placeholder" data-testid="report-list-loading">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="report-row report-row--skeleton" style={{ height: ROW_HEIGHT }}>
          <Skeleton active avatar={{ size: 22, shape: "circle" }} title={{ width: "55%" }} paragraph={{ rows: 2, width: ["100%", "70%"] }} />
        </div>
      ))}
    </div>
  );
}

function PollingNotice(): ReactNode {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const { connected, connecting, lastConnectedAt } = useConnectionState();
  // Only once the socket was up and went down (not during the first connection).
  if (connected || (connecting && lastConnectedAt === null)) return null;
  const minutes = Math.round(pollingIntervalMs(settings.config) / 60_000);
  return <Alert type="warning" showIcon className="events-panel__polling" title={t("events.polling", { minutes })} data-testid="polling-notice" />;
}

/**
 * `/v3/events`: the attention panel (SPEC §2). Status tabs with live counters, a sort per tab, the
 * virtualised report list at the left, and the selected report (or the create form) at the right.
 */
export function EventsPanel(): ReactNode {
  const { t, i18n } = useTranslation();
  const count = useMemo(() => new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language), [i18n.resolvedLanguage, i18n.language]);
  const navigate = useNavigate();
  const message = useToast();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const [tab, sort, changeTab, changeSort] = usePanelPreferences();
  const counters = useReportCounters(companyId);
  // "My favourites" (issue 17): the tab's reports the operator starred, asked of the server.
  const [favorites, setFavorites] = useState(false);
  const list = useReportList(companyId, tab, sort, favorites);
  // A tab's first rows render in the background, in slices, once the panel around them is up: rendered
  // with the answer, every row's first render was one long task. Later pages and live changes show at once.
  const rowsReady = useDeferredValue(!list.isPending);
  const sync = useReportSync(companyId);

  const detail = useMatch("/v3/events/:reportUuid");
  const childUuid = detail?.params.reportUuid ?? null;
  const selectedUuid = childUuid === "new" ? null : childUuid;
  const hasChild = childUuid !== null;

  // Each report (or the create form) opens at its top, not where the previous one was scrolled to. Not
  // on the first render: the pane starts at its top, and scrolling it forced a layout of the whole
  // screen in the middle of the panel's first commit.
  const detailPane = useRef<HTMLElement>(null);
  const shownChild = useRef(childUuid);
  useLayoutEffect(() => {
    if (shownChild.current === childUuid) return;
    shownChild.current = childUuid;
    detailPane.current?.scrollTo({ top: 0 });
  }, [childUuid]);

  const take = useMutation({
    mutationFn: (report: ReportListItem) => takeReport(companyId, report.id),
    onSuccess: (report) => {
      sync?.handleOwnUpdate(report);
      void message.success(t("events.taken", { id: report.id }));
      navigate(`/v3/events/${report.uuid}`);
    },
    onError: (error, report) => {
      const taken = isApiError(error) && error.code === "alreadyTaken";
      void message.error(taken && error.serverMessage ? error.serverMessage : error.message);
      // A colleague was faster and this list had not heard yet: bring the report up to date now.
      if (taken) {
        fetchReport(companyId, report.id)
          .then((fresh) => sync?.handleOwnUpdate(fresh))
          .catch(() => undefined);
      }
    },
  });

  const open = useCallback((report: ReportListItem) => navigate(`/v3/events/${report.uuid}`), [navigate]);

  // Bulk actions (issue 18): the ticked reports of this tab; one that leaves the tab leaves the selection.
  const [rawSelection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [summary, setSummary] = useState<BulkResponse | null>(null);
  const order = useMemo(() => list.reports.map((report) => report.id), [list.reports]);
  const selection = useMemo(() => keepListed(rawSelection, order), [rawSelection, order]);
  const checkedIds = selection.ids;
  const onCheck = useCallback(
    (report: ReportListItem, range: boolean) => setSelection((current) => (range ? toggleRange(current, order, report.id) : toggleOne(current, report.id))),
    [order],
  );
  const switchTab = useCallback(
    (next: PanelTab) => {
      setSelection(EMPTY_SELECTION);
      changeTab(next);
    },
    [changeTab],
  );
  const allChecked = order.length > 0 && order.slice(0, BULK_MAX_IDS).every((id) => checkedIds.has(id));

  // Keyboard triage (issue 18): the shortcuts of the panel and of the detail shown beside it.
  const [helpOpen, setHelpOpen] = useState(false);
  const current = selectedUuid === null ? -1 : list.reports.findIndex((report) => report.uuid === selectedUuid);
  const click = (testId: string): boolean => {
    const element = document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
    if (!element || (element as HTMLButtonElement).disabled) return false;
    element.click();
    return true;
  };
  const focus = (selector: string): boolean => {
    const element = document.querySelector<HTMLElement>(selector);
    if (!element) return false;
    element.focus();
    element.scrollIntoView({ block: "center" });
    return true;
  };
  const onShortcut = (action: ShortcutAction): boolean => {
    const reports = list.reports;
    switch (action.kind) {
      case "next":
      case "previous": {
        if (reports.length === 0) return false;
        const step = action.kind === "next" ? 1 : -1;
        const index = current < 0 ? 0 : Math.min(reports.length - 1, Math.max(0, current + step));
        open(reports[index]!);
        return true;
      }
      case "open": {
        const report = reports[current < 0 ? 0 : current];
        if (!report) return false;
        if (current < 0) open(report);
        detailPane.current?.focus();
        return true;
      }
      case "select": {
        const report = reports[current];
        if (!report) return false;
        onCheck(report, false);
        return true;
      }
      case "take": {
        if (click("take-button")) return true;
        const report = reports[current];
        if (!report?.can.take) return false;
        take.mutate(report);
        return true;
      }
      case "assign":
        return focus('[data-testid="report-assignment"] input:not([disabled])');
      case "comment":
        return focus('[data-testid="comment-input"]');
      case "close":
        return click("close-button");
      case "search":
        return click("header-search");
      case "tab":
        switchTab(action.tab);
        document.getElementById(`panel-tab-${action.tab}`)?.focus();
        return true;
      case "help":
        setHelpOpen((shown) => !shown);
        return true;
      case "clear":
        if (checkedIds.size === 0) return false;
        setSelection(EMPTY_SELECTION);
        return true;
    }
  };
  useShortcuts(onShortcut, helpOpen);
  const takeMutate = take.mutate;
  const onTake = useCallback((report: ReportListItem) => takeMutate(report), [takeMutate]);
  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const tabLabel = t(`events.tabs.${tab}`);
  const total = counters?.[tab] ?? list.data?.pages[0]?.total ?? 0;

  let body: ReactNode;
  if (list.isPending || !rowsReady) body = <ListPlaceholder />;
  else if (list.isError && list.reports.length === 0)
    body = (
      <Alert
        type="warning"
        showIcon
        className="events-panel__state"
        title={t("events.loadError")}
        description={list.error.message}
        action={
          <Button type="primary" icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
            {t("common.retry")}
          </Button>
        }
      />
    );
  else if (list.reports.length === 0)
    body = (
      <Empty
        className="events-panel__state"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        data-testid="report-list-empty"
        description={
          <Flex vertical gap={4}>
            <Typography.Text strong>{favorites ? t("reportFlags.noFavorites") : t(`events.empty.${tab}`)}</Typography.Text>
            <Typography.Text type="secondary">{t("events.emptyText")}</Typography.Text>
          </Flex>
        }
      />
    );
  else
    body = (
      <ReportList
        key={`${tab}:${sort}:${favorites}`}
        reports={list.reports}
        label={t("events.listLabel", { tab: tabLabel })}
        selectedUuid={selectedUuid}
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={loadMore}
        takingId={take.isPending ? (take.variables?.id ?? null) : null}
        onOpen={open}
        onTake={onTake}
        checkedIds={checkedIds}
        onCheck={onCheck}
      />
    );

  return (
    <div className={`events-panel${hasChild ? " events-panel--with-child" : ""}`} data-testid="events-panel">
      <section className="events-panel__list" aria-label={t("events.title")}>
        <header className="events-panel__header">
          <Typography.Title level={1} className="events-panel__title">
            {t("events.title")}
          </Typography.Title>
          <Flex gap={8} align="center">
            <IncomingCommentsButton sync={sync} />
            <ExportButton companyId={companyId} labelClassName="events-panel__new-label" />
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate("/v3/events/new")}
              aria-label={t("events.newReport")}
              data-testid="new-report-button"
            >
              <span className="events-panel__new-label">{t("events.newReport")}</span>
            </Button>
          </Flex>
        </header>
        <PollingNotice />
        <StatusTabs value={tab} counters={counters} onChange={switchTab} controls="events-report-list" />
        <div className="events-panel__toolbar">
          <Flex align="center" gap={4} className="events-panel__toolbar-start">
            <Checkbox
              className="events-panel__select-all"
              checked={allChecked}
              indeterminate={!allChecked && checkedIds.size > 0}
              disabled={order.length === 0}
              onChange={() => setSelection((now) => toggleAll(now, order, BULK_MAX_IDS))}
              aria-label={t("triage.selectAll")}
              data-testid="select-all"
            />
            {/* A menu rather than a Select: Ant Design's Select would add its own 20 KB to the panel's download. */}
            <Dropdown
              trigger={["click"]}
              menu={{
                items: SORT_OPTIONS.map((option) => ({ key: option, label: t(`sorts.${option}`) })),
                selectable: true,
                selectedKeys: [sort],
                onClick: ({ key }) => changeSort(key as SortOption),
              }}
            >
              <Button
                size="small"
                type="text"
                icon={<SwapOutlined rotate={90} />}
                aria-label={`${t("events.sortLabel")}: ${t(`sorts.${sort}`)}`}
                data-testid="sort-select"
                className="events-panel__sort"
              >
                {t(`sorts.${sort}`)}
                <DownOutlined className="events-panel__sort-caret" />
              </Button>
            </Dropdown>
            <FavoritesFilter value={favorites} onChange={setFavorites} />
          </Flex>
          <Flex align="center" gap={6} className="events-panel__toolbar-end">
            <Tooltip title={t("triage.help.open")}>
              <Button
                size="small"
                type="text"
                icon={<QuestionCircleOutlined />}
                aria-label={t("triage.help.open")}
                onClick={() => setHelpOpen(true)}
                data-testid="shortcut-help-button"
              />
            </Tooltip>
            <RestrictedView />
            <Typography.Text type="secondary" className="events-panel__shown" data-testid="list-shown">
              {t("events.shown", { shown: count.format(list.reports.length), total: count.format(Math.max(total, list.reports.length)) })}
            </Typography.Text>
          </Flex>
        </div>
        {checkedIds.size > 0 && (
          <SelectionBar
            companyId={companyId}
            ids={order.filter((id) => checkedIds.has(id))}
            onClear={() => setSelection(EMPTY_SELECTION)}
            onDone={(response) => {
              setSummary(response);
              setSelection(EMPTY_SELECTION);
            }}
          />
        )}
        {summary && <BulkSummary response={summary} onDismiss={() => setSummary(null)} />}
        <div id="events-report-list" role="tabpanel" aria-labelledby={`panel-tab-${tab}`} className="events-panel__body">
          {body}
        </div>
      </section>
      <section className="events-panel__detail" ref={detailPane} tabIndex={-1} aria-label={t("events.detailLabel")}>
        <Outlet />
      </section>
      {helpOpen && (
        <Suspense fallback={null}>
            <ShortcutHelp open onClose={() => setHelpOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

/** `/v3/events` with nothing selected: a hint and the create button, in the right-hand pane. */
export function EventsIndexPane(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="events-index" data-testid="events-index">
      <Empty
        image={Empty.PRESENTED_IMAGE_DEFAULT}
        description={
          <Flex vertical gap={4} align="center">
            <Typography.Title level={2} className="events-index__title">
              {t("events.selectTitle")}
            </Typography.Title>
            <Typography.Text type="secondary">{t("events.selectText")}</Typography.Text>
            <Typography.Text type="secondary" className="events-index__hint">
              {t("events.keyboardHint")}
            </Typography.Text>
          </Flex>
        }
      >
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate("/v3/events/new")}>
          {t("events.newReport")}
        </Button>
      </Empty>
    </div>
  );
}
