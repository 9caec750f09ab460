import { useState, type ReactNode } from "react";
import { Alert, Button, Empty, Form, List, Pagination, Select, Skeleton, Tag, Typography } from "antd";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { HISTORY_PAGE_SIZE, type ActivityFeedEntry } from "@atalaya/shared";
import { useDateFormatter } from "../../lib/dates";
import { ReportTypeIcon, reportTypeName } from "../../components/report-type-visual";
import { actionColor, describeActivity, KNOWN_ACTIONS, useTypeName } from "../reports";
import { useOperators, useTags, useTeamNames } from "../directory";
import { useSettings } from "../settings";
import { fetchActivityFeed, historyKeys } from "./history-api";
import { FilterButtons, OperatorField, WindowField, toRange, type Range } from "./history-filter-bar";
import { activityFilterOf, pageOf, withParams } from "./history-filters";
import "./history.css";
import { FilterBar } from "../../components/filter-bar";
import { useClearable } from "../../components/use-clearable";

/** Operator, action and dates of the feed; applied on submit. */
function ActivityFilterBar({
  companyId,
  initial,
  onApply,
}: {
  companyId: number;
  initial: { operator?: number; action?: string; from?: string; to?: string };
  onApply: (values: { operator?: number; action?: string; from?: string; to?: string }) => void;
}): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const [operator, setOperator] = useState(initial.operator);
  const [action, setAction] = useState(initial.action);
  const [range, setRange] = useState<Range>(toRange(initial.from, initial.to));
  const actions = KNOWN_ACTIONS.map((value) => ({ value, label: t(`reportDetail.activity.actions.${value}`) })).sort((a, b) => a.label.localeCompare(b.label));

  return (
    <FilterBar
      label={t("history.filters.label")}
      className="history-filters"
      onSubmit={() => onApply({ operator, action, from: range?.[0]?.toISOString(), to: range?.[1]?.toISOString() })}
    >
      <OperatorField companyId={companyId} id="activity-operator" value={operator} onChange={setOperator} />
      <Form.Item label={t("history.filters.action")} htmlFor="activity-action" className="history-filters__operator">
        <Select
          id="activity-action"
          allowClear={clearable}
          showSearch={{ optionFilterProp: "label" }}
          value={action}
          placeholder={t("history.filters.actionPlaceholder")}
          options={actions}
          onChange={(next?: string) => setAction(next)}
          data-testid="activity-action"
        />
      </Form.Item>
      <WindowField id="activity-window" value={range} onChange={setRange} />
      <FilterButtons
        applyTestId="activity-apply"
        onClear={() => {
          setOperator(undefined);
          setAction(undefined);
          setRange(null);
          onApply({});
        }}
      />
    </FilterBar>
  );
}

/** `/v3/activity`: what operators did with the reports the user may see, newest first, paged. */
export function ActivityPage(): ReactNode {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const format = useDateFormatter();
  const typeName = useTypeName();
  const [params, setParams] = useSearchParams();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const { operators } = useOperators(companyId);
  const teams = useTeamNames(companyId);
  const tags = useTags(companyId);
  const filter = activityFilterOf(params);
  const page = pageOf(params);

  const feed = useQuery({
    queryKey: historyKeys.activity(companyId, filter),
    queryFn: ({ signal }) => fetchActivityFeed(companyId, filter, signal),
    placeholderData: keepPreviousData,
  });

  const context = {
    t,
    typeName,
    personName: (id: number) => operators.find((o) => o.id === id)?.name ?? null,
    teamName: (id: number) => teams?.find((team) => team.id === id)?.name ?? null,
    tagName: (id: number) => tags?.find((tag) => tag.id === id)?.name ?? null,
    dateTime: (iso: string) => format(iso) ?? iso,
  };

  const renderEntry = (entry: ActivityFeedEntry): ReactNode => {
    const label = describeActivity(entry, context);
    return (
      <List.Item className="activity-entry" data-testid="activity-entry" data-action={entry.action}>
        <span className="activity-entry__dot" style={{ background: actionColor(label.action) }} aria-hidden="true" />
        <div className="activity-entry__body">
          <div className="activity-entry__head">
            <strong>{label.title}</strong>
            <Link to={`/v3/events/${entry.report.uuid}`} className="activity-entry__report">
              <ReportTypeIcon typeId={entry.report.type} size={18} />
              <span>
                {t("history.activity.onReport", { id: entry.report.id })} · {reportTypeName(entry.report.type, lang)}
              </span>
            </Link>
          </div>
          {label.details.map((line, i) => (
            <p key={i} className="activity-entry__line">
              {line}
            </p>
          ))}
          <div className="activity-entry__meta">
            <Tag className="activity-entry__actor">{entry.actor?.name ?? t("history.activity.system")}</Tag>
            <time dateTime={entry.created_at}>{format(entry.created_at, "DD/MM/YYYY HH:mm:ss")}</time>
          </div>
        </div>
      </List.Item>
    );
  };

  return (
    <div className="history-page">
      <Typography.Title level={1} className="history-page__title">
        {t("history.activity.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("history.activity.subtitle")}</Typography.Paragraph>
      <ActivityFilterBar
        key={params.toString()}
        companyId={companyId}
        initial={{ operator: filter.operator, action: filter.action, from: filter.from, to: filter.to }}
        onApply={(next) => setParams(withParams(params, { operator: next.operator, action: next.action, from: next.from, to: next.to }))}
      />
      {feed.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : feed.isError ? (
        <Alert
          type="error"
          showIcon
          title={t("history.activity.loadError")}
          action={
            <Button size="small" onClick={() => void feed.refetch()}>
              {t("common.retry")}
            </Button>
          }
        />
      ) : feed.data.activity.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("history.activity.empty")} />
      ) : (
        <>
          <p className="history-page__window" data-testid="activity-total">
            {t("history.activity.total", { count: feed.data.total })}
          </p>
          <List className="activity-list" dataSource={feed.data.activity} renderItem={renderEntry} loading={feed.isFetching && feed.isPlaceholderData} />
          <Pagination
            className="activity-pagination"
            current={page}
            pageSize={HISTORY_PAGE_SIZE}
            total={feed.data.total}
            showSizeChanger={false}
            responsive
            showLessItems
            onChange={(next) => setParams(withParams(params, { page: next === 1 ? undefined : next }))}
          />
        </>
      )}
    </div>
  );
}
