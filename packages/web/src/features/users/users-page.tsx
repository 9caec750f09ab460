import { useState, type HTMLAttributes, type ReactNode } from "react";
import { Button, Dropdown, Empty, Grid, Input, Result, Select, Skeleton, Table, Tag, Tooltip, Typography, type MenuProps, type TableColumnsType } from "antd";
import { DeleteOutlined, EyeOutlined, LockOutlined, MoreOutlined, PlusOutlined, UnlockOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { COMPANY_ROLES, formatPhone, formatRut, type CompanyRole, type CompanyUser } from "@atalaya/shared";
import { isApiError } from "../../lib/api";
import { useSettings } from "../settings";
import { UserCreateDrawer } from "./user-create-drawer";
import { displayName } from "./user-form";
import { RoleTag, UserAvatar } from "./user-bits";
import { fetchUsers, userKeys, type UserFilters } from "./users-api";
import { useUserActions } from "./use-user-actions";
import "./users.css";
import { useClearable } from "../../components/use-clearable";

const PAGE_SIZE = 10;
const rowProps = (user: CompanyUser): HTMLAttributes<HTMLElement> =>
  ({ "data-testid": "user-row", "data-user-id": user.id, "data-email": user.email }) as HTMLAttributes<HTMLElement>;

/** `/v3/users` (SPEC §2 user admin): the company's members with search and filters, creation, lock and
 * unlock, removal from the company; each opens its user view. Company admins only (the API says 403
 * to anyone else). */
export function UsersPage(): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const navigate = useNavigate();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const [search, setSearch] = useState("");
  const [filters, setFilters] = useState<UserFilters>({ page: 1, pageSize: PAGE_SIZE });
  const [creating, setCreating] = useState(false);
  const actions = useUserActions(companyId);
  // At phone width the row keeps two columns (the role under the name) and its actions fold into a menu.
  const narrow = Grid.useBreakpoint().sm === false;

  const list = useQuery({
    queryKey: userKeys.list(companyId, filters),
    queryFn: ({ signal }) => fetchUsers(companyId, filters, signal),
    placeholderData: keepPreviousData,
  });
  const users = list.data?.users ?? [];

  const columns: TableColumnsType<CompanyUser> = [
    {
      key: "name",
      title: t("users.columns.name"),
      render: (_, user) => (
        <span className="users-name">
          <UserAvatar user={user} size={36} />
          <span className="users-name__text">
            <Link to={`/v3/users/${user.id}`} className="users-name__link" data-testid="user-link">
              {displayName(user)}
            </Link>
            <span className="screen-muted">{user.email}</span>
            {narrow && (
              <span className="users-name__role">
                <RoleTag user={user} />
              </span>
            )}
          </span>
        </span>
      ),
    },
    { key: "role", title: t("users.columns.role"), responsive: ["sm"], render: (_, user) => <RoleTag user={user} /> },
    { key: "rut", title: t("users.columns.rut"), responsive: ["lg"], render: (_, user) => (user.social_number ? formatRut(user.social_number) : t("common.noValue")) },
    { key: "phone", title: t("users.columns.phone"), responsive: ["xl"], render: (_, user) => (user.phone ? formatPhone(user.phone) : t("common.noValue")) },
    {
      key: "status",
      title: t("users.columns.status"),
      responsive: ["md"],
      render: (_, user) =>
        user.locked ? (
          <Tag color="red" icon={<LockOutlined />} data-testid="user-locked">
            {t("users.status.locked")}
          </Tag>
        ) : (
          <Tag color="green">{t("users.status.active")}</Tag>
        ),
    },
    {
      key: "actions",
      title: <span className="sr-only">{t("users.columns.actions")}</span>,
      align: "right",
      render: (_, user) => {
        const name = displayName(user);
        const self = user.id === settings.user.id;
        const lockable = !self && user.otherCompanies === 0;
        const lockKey = user.locked ? "users.actions.unlock" : "users.actions.lock";
        if (narrow) {
          const items: MenuProps["items"] = [
            { key: "view", icon: <EyeOutlined />, label: t("users.actions.view", { name }), onClick: () => void navigate(`/v3/users/${user.id}`) },
            ...(lockable
              ? [{ key: "lock", icon: user.locked ? <UnlockOutlined /> : <LockOutlined />, label: t(lockKey, { name }), onClick: () => actions.confirmLock(user, !user.locked), "data-testid": user.locked ? "user-unlock" : "user-lock" }]
              : []),
            ...(!self ? [{ key: "remove", icon: <DeleteOutlined />, danger: true, label: t("users.actions.remove", { name }), onClick: () => actions.confirmRemove(user, false), "data-testid": "user-remove" }] : []),
          ];
          return (
            <Dropdown menu={{ items }} trigger={["click"]} placement="bottomRight">
              <Button type="text" icon={<MoreOutlined />} aria-label={t("users.actions.menu", { name })} data-testid="user-actions-menu" />
            </Dropdown>
          );
        }
        return (
          <span className="screen-actions">
            <Tooltip title={t("users.actions.view", { name })}>
              <Button type="text" icon={<EyeOutlined />} aria-label={t("users.actions.view", { name })} onClick={() => void navigate(`/v3/users/${user.id}`)} />
            </Tooltip>
            {lockable && (
              <Tooltip title={t(lockKey, { name })}>
                <Button
                  type="text"
                  icon={user.locked ? <UnlockOutlined /> : <LockOutlined />}
                  aria-label={t(lockKey, { name })}
                  onClick={() => actions.confirmLock(user, !user.locked)}
                  data-testid={user.locked ? "user-unlock" : "user-lock"}
                />
              </Tooltip>
            )}
            {!self && (
              <Tooltip title={t("users.actions.remove", { name })}>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t("users.actions.remove", { name })} onClick={() => actions.confirmRemove(user, false)} data-testid="user-remove" />
              </Tooltip>
            )}
          </span>
        );
      },
    },
  ];

  let body: ReactNode;
  if (list.isPending) body = <Skeleton active title={false} paragraph={{ rows: 6 }} className="screen-card--padded" />;
  else if (list.isError)
    body = (
      <Result
        status={isApiError(list.error) && list.error.status === 403 ? "403" : "warning"}
        title={isApiError(list.error) && list.error.status === 403 ? t("users.forbidden") : t("users.loadError")}
        extra={
          <Button type="primary" onClick={() => void list.refetch()} loading={list.isFetching}>
            {t("common.retry")}
          </Button>
        }
        data-testid="users-error"
      />
    );
  else
    body = (
      <Table<CompanyUser>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={users}
        onRow={rowProps}
        loading={list.isFetching ? { delay: 300 } : false}
        locale={{ emptyText: <Empty description={<><div>{t("users.empty.title")}</div><div className="screen-muted">{t("users.empty.hint")}</div></>} /> }}
        pagination={{
          current: filters.page,
          pageSize: filters.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (page) => setFilters((f) => ({ ...f, page })),
        }}
      />
    );

  return (
    <div className="page screen users-page" data-testid="users-page">
      <header className="screen-header">
        <div>
          <Typography.Title level={1} className="screen-title">
            {t("users.title")}
          </Typography.Title>
          <Typography.Text type="secondary">{t("users.subtitle")}</Typography.Text>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} disabled={!list.data} data-testid="user-create">
          {t("users.create")}
        </Button>
      </header>
      <section className="screen-card" aria-label={t("users.listLabel")}>
        <div className="screen-toolbar">
          <Input.Search
            allowClear={clearable}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onSearch={(q) => setFilters((f) => ({ ...f, q: q.trim() || undefined, page: 1 }))}
            placeholder={t("users.searchPlaceholder")}
            aria-label={t("users.searchLabel")}
            className="users-toolbar__search"
            data-testid="users-search"
          />
          <Select
            allowClear={clearable}
            aria-label={t("users.roleFilter")}
            placeholder={t("users.allRoles")}
            value={filters.role}
            onChange={(role?: CompanyRole) => setFilters((f) => ({ ...f, role, page: 1 }))}
            options={COMPANY_ROLES.map((r) => ({ value: r, label: t(`users.companyRoles.${r}`) }))}
            className="users-toolbar__filter"
            data-testid="users-role-filter"
          />
          <Select
            allowClear={clearable}
            aria-label={t("users.statusFilter")}
            placeholder={t("users.anyStatus")}
            value={filters.locked}
            onChange={(locked?: "true" | "false") => setFilters((f) => ({ ...f, locked, page: 1 }))}
            options={[{ value: "false", label: t("users.status.active") }, { value: "true", label: t("users.status.locked") }]}
            className="users-toolbar__filter"
            data-testid="users-status-filter"
          />
          <span className="screen-muted users-toolbar__count" data-testid="users-count">
            {list.data ? t("users.count", { count: list.data.total }) : ""}
          </span>
        </div>
        {body}
      </section>
      <UserCreateDrawer
        companyId={companyId}
        open={creating}
        roles={list.data?.grantableRoles ?? []}
        onClose={() => setCreating(false)}
        onCreated={(user) => {
          setCreating(false);
          void navigate(`/v3/users/${user.id}`);
        }}
      />
    </div>
  );
}
