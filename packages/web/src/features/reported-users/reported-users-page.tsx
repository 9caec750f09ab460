import { useState, type HTMLAttributes, type ReactNode } from "react";
import { App, Button, type ButtonProps, Descriptions, Drawer, Empty, Result, Skeleton, Table, Tag, Tooltip, Typography, type TableColumnsType } from "antd";
import { BarChartOutlined, LockOutlined, UnlockOutlined } from "@ant-design/icons";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { REPORTED_USERS_PAGE_SIZE, type ReportedUser } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { useSettings } from "../settings";
import { fetchReportedUsers, fetchUserImpact, reportedUserKeys, setAppUserLocked } from "./reported-users-api";
import "./reported-users.css";

const rowProps = (user: ReportedUser): HTMLAttributes<HTMLElement> =>
  ({ "data-testid": "reported-user-row", "data-user-id": user.id }) as HTMLAttributes<HTMLElement>;

/** The impact counters of one user, in a drawer. */
function ImpactDrawer({ user, name, onClose }: { user: ReportedUser | null; name: string; onClose: () => void }): ReactNode {
  const { t } = useTranslation();
  const impact = useQuery({
    queryKey: reportedUserKeys.impact(user?.id ?? 0),
    queryFn: ({ signal }) => fetchUserImpact(user!.id, signal),
    enabled: user !== null,
  });
  return (
    <Drawer open={user !== null} onClose={onClose} title={t("reportedUsers.impact.title", { name })} size={360} data-testid="impact-drawer">
      <Typography.Paragraph type="secondary">{t("reportedUsers.impact.hint")}</Typography.Paragraph>
      {impact.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 5 }} />
      ) : impact.isError ? (
        <Result status="warning" title={t("reportedUsers.impact.loadError")} />
      ) : (
        <Descriptions column={1} bordered size="small" data-testid="impact-counters">
          {(["reports", "attended", "solved", "false", "likes"] as const).map((key) => (
            <Descriptions.Item key={key} label={t(`reportedUsers.impact.${key}`)}>
              <span data-testid={`impact-${key}`}>{impact.data[key]}</span>
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Drawer>
  );
}

/** `/v3/reported-users`: community users with complaints about their reports or comments in the
 * organisation's reports; company admins lock and unlock them, anyone here sees their impact. */
export function ReportedUsersPage(): ReactNode {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const [page, setPage] = useState(1);
  const [impactOf, setImpactOf] = useState<ReportedUser | null>(null);

  const list = useQuery({
    queryKey: reportedUserKeys.page(companyId, page, REPORTED_USERS_PAGE_SIZE),
    queryFn: ({ signal }) => fetchReportedUsers(companyId, page, REPORTED_USERS_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  const nameOf = (user: ReportedUser): string => user.name || t("reportedUsers.noName", { id: user.id });

  const toggle = useMutation({
    mutationFn: (user: ReportedUser) => setAppUserLocked(companyId, user.id, !user.locked),
    onSuccess: (_, user) => {
      void queryClient.invalidateQueries({ queryKey: reportedUserKeys.all(companyId) });
      void toast.success(t(user.locked ? "reportedUsers.unlocked" : "reportedUsers.locked", { name: nameOf(user) }));
    },
    onError: (error: unknown) => void toast.error(isApiError(error) ? error.message : t("errors.generalError")),
  });

  const confirmToggle = (user: ReportedUser): void => {
    const which = user.locked ? "confirmUnlock" : "confirmLock";
    void modal.confirm({
      title: t(`reportedUsers.${which}.title`, { name: nameOf(user) }),
      content: t(`reportedUsers.${which}.text`),
      okText: t(`reportedUsers.${which}.ok`),
      cancelText: t("common.cancel"),
      okButtonProps: { danger: !user.locked, "data-testid": "reported-user-confirm" } as ButtonProps,
      onOk: () => toggle.mutateAsync(user).catch(() => undefined),
    });
  };

  const canLock = list.data?.canLock ?? false;
  const columns: TableColumnsType<ReportedUser> = [
    {
      key: "name",
      title: t("reportedUsers.columns.name"),
      render: (_, user) => (
        <span className="reported-users-name">
          <strong>{nameOf(user)}</strong>
          {user.locked ? (
            <Tag color="red" icon={<LockOutlined />} data-testid="reported-user-locked">
              {t("reportedUsers.status.locked")}
            </Tag>
          ) : (
            <Tag color="green" className="reported-users-active">
              {t("reportedUsers.status.active")}
            </Tag>
          )}
        </span>
      ),
    },
    { key: "complaints", title: t("reportedUsers.columns.complaints"), dataIndex: "complaints", width: 110, align: "right" },
    { key: "reports", title: t("reportedUsers.columns.reports"), dataIndex: "reports", width: 100, align: "right", responsive: ["sm"] },
    {
      key: "actions",
      title: <span className="sr-only">{t("reportedUsers.columns.actions")}</span>,
      width: canLock ? 96 : 56,
      align: "right",
      render: (_, user) => (
        <span className="reported-users-actions">
          <Tooltip title={t("reportedUsers.actions.impact", { name: nameOf(user) })}>
            <Button
              type="text"
              icon={<BarChartOutlined />}
              aria-label={t("reportedUsers.actions.impact", { name: nameOf(user) })}
              onClick={() => setImpactOf(user)}
              data-testid="reported-user-impact"
            />
          </Tooltip>
          {canLock && (
            <Tooltip title={t(user.locked ? "reportedUsers.actions.unlock" : "reportedUsers.actions.lock", { name: nameOf(user) })}>
              <Button
                type="text"
                danger={!user.locked}
                icon={user.locked ? <UnlockOutlined /> : <LockOutlined />}
                aria-label={t(user.locked ? "reportedUsers.actions.unlock" : "reportedUsers.actions.lock", { name: nameOf(user) })}
                onClick={() => confirmToggle(user)}
                data-testid={user.locked ? "reported-user-unlock" : "reported-user-lock"}
              />
            </Tooltip>
          )}
        </span>
      ),
    },
  ];

  let body: ReactNode;
  if (list.isPending) {
    body = <Skeleton active title={false} paragraph={{ rows: 6 }} />;
  } else if (list.isError) {
    body = (
      <Result
        status="warning"
        title={t("reportedUsers.loadError")}
        extra={
          <Button type="primary" onClick={() => void list.refetch()}>
            {t("common.retry")}
          </Button>
        }
      />
    );
  } else {
    body = (
      <Table<ReportedUser>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data.users}
        onRow={rowProps}
        loading={list.isFetching ? { delay: 300 } : false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("reportedUsers.empty")} /> }}
        pagination={{
          current: page,
          pageSize: REPORTED_USERS_PAGE_SIZE,
          total: list.data.total,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
      />
    );
  }

  return (
    <div className="page reported-users-page" data-testid="reported-users-page">
      <header>
        <Typography.Title level={1} className="reported-users-title">
          {t("reportedUsers.title")}
        </Typography.Title>
        <Typography.Text type="secondary">{t("reportedUsers.subtitle")}</Typography.Text>
      </header>
      <div className="reported-users-card">{body}</div>
      <ImpactDrawer user={impactOf} name={impactOf ? nameOf(impactOf) : ""} onClose={() => setImpactOf(null)} />
    </div>
  );
}
