import { useState, type ReactNode } from "react";
import { Button, Drawer, Empty, Result, Select, Skeleton, Table, Tag, Typography, type TableColumnsType } from "antd";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useDateFormatter } from "../../lib/dates";
import { isAdminGroup, type ClientErrorGroup, type ClientErrorOccurrence } from "@atalaya/shared";
import { useSettings } from "../settings";
import { clientErrorKeys, fetchClientErrorGroup, fetchClientErrorGroups } from "./client-errors-api";
import "./client-errors.css";
import { useClearable } from "../../components/use-clearable";

const PAGE_SIZE = 20;

/** `/v3/client-errors` (provider administrators, groups 1 and 100): the portal's errors of the last
 * 30 days grouped by message and release, filtered by release and paged; a group opens its latest
 * occurrences in a drawer. Anyone else sees the 403 result (the API refuses them too). */
export function ClientErrorsPage(): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const { settings } = useSettings();
  const provider = isAdminGroup(settings.user.groups);
  const [release, setRelease] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const groups = useQuery({
    queryKey: clientErrorKeys.groups(release, page),
    queryFn: ({ signal }) => fetchClientErrorGroups({ release, page, pageSize: PAGE_SIZE }, signal),
    enabled: provider,
    placeholderData: keepPreviousData,
  });
  // The portal's one date-time format, in the user's time zone (lib/dates).
  const formatDate = useDateFormatter();
  const date = (iso: string): string => formatDate(iso) ?? iso;

  const columns: TableColumnsType<ClientErrorGroup> = [
    {
      key: "message",
      title: t("clientErrors.columns.message"),
      render: (_, g) => (
        <div className="client-errors__message">
          <Button type="link" className="client-errors__open" onClick={() => setOpenId(g.id)} aria-label={t("clientErrors.open", { message: g.message })} data-testid="client-error-open">
            {g.message}
          </Button>
          <div className="client-errors__tags">
            <Tag color="blue">{g.release}</Tag>
            {g.kinds.map((k) => (
              <Tag key={k}>{t(`clientErrors.kinds.${k}`)}</Tag>
            ))}
          </div>
          <div className="screen-muted client-errors__routes">{g.routes.join(" · ")}</div>
          <div className="screen-muted client-errors__narrow">
            {t("clientErrors.times", { count: g.count })} · {t("clientErrors.columns.users")}: {g.users} · {date(g.lastSeen)}
          </div>
        </div>
      ),
    },
    { key: "count", title: t("clientErrors.columns.count"), dataIndex: "count", width: 90, align: "right", responsive: ["md"] },
    { key: "users", title: t("clientErrors.columns.users"), dataIndex: "users", width: 100, align: "right", responsive: ["md"] },
    {
      key: "lastSeen",
      title: t("clientErrors.columns.lastSeen"),
      width: 200,
      responsive: ["md"],
      render: (_, g) => <span title={t("clientErrors.seen", { first: date(g.firstSeen), last: date(g.lastSeen) })}>{date(g.lastSeen)}</span>,
    },
  ];

  let body: ReactNode;
  if (!provider) body = <Result status="403" title={t("clientErrors.forbidden")} data-testid="client-errors-forbidden" />;
  else if (groups.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (groups.isError)
    body = <Result status="warning" title={t("clientErrors.loadError")} extra={<Button onClick={() => void groups.refetch()}>{t("common.retry")}</Button>} />;
  else
    body = (
      <section className="screen-card screen-card--inset" aria-label={t("clientErrors.title")}>
        <div className="client-errors__filter">
          <Select
            allowClear={clearable}
            className="client-errors__release"
            aria-label={t("clientErrors.release")}
            placeholder={t("clientErrors.allReleases")}
            value={release}
            options={groups.data.releases.map((r) => ({ value: r, label: r }))}
            onChange={(value: string | undefined) => {
              setRelease(value ?? null);
              setPage(1);
            }}
            data-testid="client-errors-release"
          />
        </div>
        <Table<ClientErrorGroup>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={groups.data.groups}
          locale={{ emptyText: <Empty description={t("clientErrors.empty")} /> }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: groups.data.total, onChange: setPage, showSizeChanger: false, hideOnSinglePage: true }}
          onRow={(g) => ({ "data-testid": "client-error-row", "data-message": g.message }) as React.HTMLAttributes<HTMLElement>}
        />
      </section>
    );

  return (
    <div className="page screen client-errors-page" data-testid="client-errors-page">
      <header>
        <Typography.Title level={1} className="screen-title">
          {t("clientErrors.title")}
        </Typography.Title>
        <Typography.Text type="secondary">{t("clientErrors.subtitle")}</Typography.Text>
      </header>
      {body}
      <GroupDrawer id={openId} onClose={() => setOpenId(null)} date={date} />
    </div>
  );
}

/** A group's latest occurrences: when, where, who (ids only), the status of a failed call, the stack. */
function GroupDrawer({ id, onClose, date }: { id: string | null; onClose: () => void; date: (iso: string) => string }): ReactNode {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: clientErrorKeys.group(id ?? ""),
    queryFn: ({ signal }) => fetchClientErrorGroup(id!, signal),
    enabled: id !== null,
  });
  const occurrence = (o: ClientErrorOccurrence): ReactNode => (
    <li key={o.id} className="client-errors__occurrence" data-testid="client-error-occurrence">
      <div>
        <strong>{date(o.receivedAt)}</strong> · {t(`clientErrors.kinds.${o.kind}`)}
        {o.count > 1 ? ` · ${t("clientErrors.times", { count: o.count })}` : ""}
      </div>
      <div className="screen-muted">
        {o.route}
        {o.status !== null ? ` · ${o.status === 0 ? t("clientErrors.noResponse") : t("clientErrors.status", { status: o.status })}` : ""}
        {" · "}
        {o.userId !== null ? t("clientErrors.user", { id: o.userId }) : t("clientErrors.anonymous")}
        {o.companyId !== null ? ` · ${t("clientErrors.company", { id: o.companyId })}` : ""}
      </div>
      {o.userAgent && <div className="screen-muted">{o.userAgent}</div>}
      {o.stack && (
        <details>
          <summary>{t("clientErrors.stack")}</summary>
          <pre className="client-errors__stack">{o.stack}</pre>
        </details>
      )}
    </li>
  );
  return (
    <Drawer open={id !== null} onClose={onClose} title={t("clientErrors.detailTitle")} size={560} rootClassName="client-errors-drawer" closable={{ "aria-label": t("clientErrors.close") }} data-testid="client-error-drawer">
      {detail.isPending ? (
        <Skeleton active />
      ) : detail.isError ? (
        <Result status="warning" title={t("clientErrors.loadError")} />
      ) : (
        <>
          <Typography.Title level={2} className="client-errors__detail-message">
            {detail.data.group.message}
          </Typography.Title>
          <p className="screen-muted">
            {detail.data.group.release} · {t("clientErrors.times", { count: detail.data.group.count })} · {t("clientErrors.columns.users")}: {detail.data.group.users}
          </p>
          <p className="screen-muted">{t("clientErrors.seen", { first: date(detail.data.group.firstSeen), last: date(detail.data.group.lastSeen) })}</p>
          <Typography.Title level={3} className="client-errors__occurrences-title">
            {t("clientErrors.occurrences")}
          </Typography.Title>
          <ul className="client-errors__occurrences">{detail.data.occurrences.map(occurrence)}</ul>
        </>
      )}
    </Drawer>
  );
}
