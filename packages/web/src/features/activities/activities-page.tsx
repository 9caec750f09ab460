import { useState, type HTMLAttributes, type ReactNode } from "react";
import { Alert, App, Button, Empty, Result, Skeleton, Table, Tag, Tooltip, Typography, type TableColumnsType } from "antd";
import { CalendarOutlined, DeleteOutlined, EditOutlined, LockOutlined, PlusOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { DueActivity, ScheduledActivity } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { formatCalendarDay, useDateFormatter } from "../../lib/dates";
import { canManageAnswers } from "../answers";
import { useSettings } from "../settings";
import { activityKeys, deleteActivity, fetchActivities, fetchMyActivities } from "./activities-api";
import { ActivityDrawer } from "./activity-drawer";
import { StateTag } from "./state-tag";
import "./activities.css";

const rowProps = (a: ScheduledActivity): HTMLAttributes<HTMLElement> => ({ "data-testid": "activity-row", "data-name": a.name }) as HTMLAttributes<HTMLElement>;

/** `/v3/activities`: the caller's activities due now (each form a link that opens it to fill), and the
 * company's scheduled activities; company admins schedule, change and delete them in a drawer. */
export function ActivitiesPage(): ReactNode {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const { modal } = App.useApp();
  const toast = useToast();
  const client = useQueryClient();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  // Company admins hold "activities.manage".
  const canManage = canManageAnswers(settings);
  const [editing, setEditing] = useState<ScheduledActivity | null | undefined>(undefined);
  const list = useQuery({ queryKey: activityKeys.list(companyId), queryFn: ({ signal }) => fetchActivities(companyId, signal) });
  const remove = useMutation({
    mutationFn: (a: ScheduledActivity) => deleteActivity(companyId, a.id),
    onSuccess: (_, a) => {
      void client.invalidateQueries({ queryKey: activityKeys.all(companyId) });
      void toast.success(t("activities.deleted", { name: a.name }));
    },
    onError: () => void toast.error(t("activities.deleteError")),
  });

  const periodText = (a: Pick<ScheduledActivity, "period" | "customDays">) =>
    a.period === "custom" ? t("activities.everyDays", { count: a.customDays ?? 1 }) : t(`activities.periods.${a.period}`);

  const columns: TableColumnsType<ScheduledActivity> = [
    { key: "name", title: t("activities.columns.name"), render: (_, a) => <strong>{a.name}</strong> },
    {
      key: "forms",
      title: t("activities.columns.forms"),
      render: (_, a) => (
        <span className="activities-forms">
          {a.groups.map((g, i) => (
            <span key={i} className="activities-forms__group">
              <Tag>{t(`activities.operators.${g.operator}`)}</Tag>
              {g.formIds.map((id) => a.forms.find((f) => f.id === id)?.title ?? `#${id}`).join(", ")}
            </span>
          ))}
        </span>
      ),
    },
    { key: "assignees", title: t("activities.columns.assignees"), responsive: ["md"], render: (_, a) => [...a.users.map((u) => u.name), ...a.teams.map((x) => x.name)].join(", ") },
    {
      key: "period",
      title: t("activities.columns.period"),
      render: (_, a) => (
        <span>
          {periodText(a)} · {t("activities.timesPerPeriod", { count: a.timesPerPeriod })}
        </span>
      ),
    },
    {
      key: "dates",
      title: t("activities.columns.dates"),
      responsive: ["lg"],
      render: (_, a) => t("activities.dateRange", { start: formatCalendarDay(a.startDate, lang), end: formatCalendarDay(a.endDate, lang) }),
    },
  ];
  if (canManage)
    columns.push({
      key: "actions",
      width: 96,
      align: "right",
      render: (_, a) => (
        <span className="screen-actions">
          <Tooltip title={t("activities.actions.edit", { name: a.name })}>
            <Button type="text" icon={<EditOutlined />} aria-label={t("activities.actions.edit", { name: a.name })} onClick={() => setEditing(a)} />
          </Tooltip>
          <Tooltip title={t("activities.actions.delete", { name: a.name })}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t("activities.actions.delete", { name: a.name })}
              onClick={() =>
                void modal.confirm({
                  title: t("activities.confirmDelete.title", { name: a.name }),
                  content: t("activities.confirmDelete.text"),
                  okText: t("activities.confirmDelete.ok"),
                  cancelText: t("common.cancel"),
                  okButtonProps: { danger: true },
                  onOk: () => remove.mutateAsync(a).catch(() => undefined),
                })
              }
            />
          </Tooltip>
        </span>
      ),
    });

  let body: ReactNode;
  if (list.isPending) body = <div className="screen-card screen-card--padded"><Skeleton active title={false} paragraph={{ rows: 4 }} /></div>;
  else if (list.isError)
    body = (
      <div className="screen-card" data-testid="activities-error">
        <Result status="warning" title={t("activities.loadError")} extra={<Button type="primary" onClick={() => void list.refetch()} loading={list.isFetching}>{t("common.retry")}</Button>} />
      </div>
    );
  else if (list.data.length === 0)
    body = (
      <div className="screen-card screen-card--padded" data-testid="activities-empty">
        <Empty image={<CalendarOutlined className="screen-empty-icon" />} description={<><div className="screen-empty-title">{t("activities.empty.title")}</div><div className="screen-muted">{t("activities.empty.hint")}</div></>} />
      </div>
    );
  else
    body = (
      <section className="screen-card" aria-label={t("activities.listLabel")}>
        <Table<ScheduledActivity> rowKey="id" size="middle" columns={columns} dataSource={list.data} onRow={rowProps} pagination={false} />
      </section>
    );

  return (
    <div className="page screen activities-page" data-testid="activities-page">
      <header className="screen-header">
        <div>
          <Typography.Title level={1} className="screen-title">
            {t("activities.title")}
          </Typography.Title>
          <Typography.Text type="secondary">{t("activities.subtitle")}</Typography.Text>
        </div>
        {canManage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="activity-create">
            {t("activities.create")}
          </Button>
        )}
      </header>
      <MyActivities companyId={companyId} />
      {!canManage && <Alert type="info" showIcon icon={<LockOutlined />} title={t("activities.readOnly")} />}
      {body}
      {canManage && <ActivityDrawer companyId={companyId} editing={editing} onClose={() => setEditing(undefined)} />}
    </div>
  );
}

/** The caller's activities due in the current period, each form a link to fill it. */
function MyActivities({ companyId }: { companyId: number }): ReactNode {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const mine = useQuery({ queryKey: activityKeys.mine(companyId), queryFn: ({ signal }) => fetchMyActivities(companyId, signal) });
  return (
    <section className="screen-card screen-card--padded activities-mine" aria-labelledby="activities-mine-title" data-testid="my-activities">
      <Typography.Title level={2} id="activities-mine-title" className="activities-mine__title">
        {t("activities.mine.title")}
      </Typography.Title>
      {mine.isPending && <Skeleton active title={false} paragraph={{ rows: 2 }} />}
      {mine.isError && (
        <Alert type="warning" showIcon title={t("activities.mine.loadError")} action={<Button size="small" onClick={() => void mine.refetch()}>{t("common.retry")}</Button>} />
      )}
      {mine.data?.length === 0 && <p className="screen-muted">{t("activities.mine.empty")}</p>}
      {mine.data && mine.data.length > 0 && (
        <ul className="activities-mine__list">
          {mine.data.map((a: DueActivity) => (
            <li key={a.activityId} className="activities-mine__item" data-testid="my-activity" data-name={a.name} data-state={a.state}>
              <div className="activities-mine__head">
                <strong>{a.name}</strong>
                <StateTag state={a.state} />
                <span className="screen-muted">{t("activities.mine.progress", { done: a.done, times: a.timesPerPeriod })}</span>
                <span className="screen-muted">{t("activities.mine.until", { end: format(a.periodEnd) ?? a.periodEnd })}</span>
              </div>
              <div className="activities-mine__forms">
                {a.forms.filter((f) => !f.deleted).map((f) => (
                  <Link key={f.id} to={`/v3/forms/${f.id}/results?fill=1`} aria-label={t("activities.mine.fill", { title: f.title })} data-testid="my-activity-fill">
                    {f.title}
                  </Link>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
