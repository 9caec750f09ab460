import type { ReactNode } from "react";
import { App, Button, Result, Select, Skeleton, Table, Tag, Typography, type TableColumnsType } from "antd";
import { CloseOutlined, UnlockOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useDateFormatter } from "../../lib/dates";
import { isAdminGroup, type ModuleName, type ProviderCompany } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { useSettings, companySettingsKeys, declineUpgradeRequest, fetchProviderCompanies, setCompanyFlags, setCompanyModules } from "../settings";
import { moduleOptions } from "./module-names";
import "./company-settings.css";

/** `/v3/companies` (SPEC §2 menu entry "Companies"): provider administrators (group 1 or 100) list the
 * organisations with their modules, free account and pending upgrade request, toggle modules, lift
 * the free limits or decline the request (either answer reaches the organisation's admins' bell). Anyone else sees the 403 result. */
export function CompaniesPage(): ReactNode {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { settings } = useSettings();
  const provider = isAdminGroup(settings.user.groups);
  const companies = useQuery({ queryKey: companySettingsKeys.providerCompanies, queryFn: ({ signal }) => fetchProviderCompanies(signal), enabled: provider });
  const replace = (saved: ProviderCompany): void => {
    queryClient.setQueryData<ProviderCompany[]>(companySettingsKeys.providerCompanies, (old) => old?.map((c) => (c.id === saved.id ? saved : c)));
  };
  const onError = (error: unknown): void => void toast.error(isApiError(error) ? error.message : t("errors.generalError"));
  const modules = useMutation({
    mutationFn: ({ id, list }: { id: number; list: ModuleName[] }) => setCompanyModules(id, list),
    onSuccess: (saved) => {
      replace(saved);
      void toast.success(t("companySettings.companies.modulesSaved", { name: saved.name }));
    },
    onError,
  });
  const lift = useMutation({
    mutationFn: (company: ProviderCompany) => setCompanyFlags(company.id, { is_freemium: false }),
    onSuccess: (saved) => {
      replace(saved);
      void queryClient.invalidateQueries({ queryKey: ["settings"] });
      void toast.success(t("companySettings.companies.lifted", { name: saved.name }));
    },
    onError,
  });

  const decline = useMutation({
    mutationFn: (company: ProviderCompany) => declineUpgradeRequest(company.id),
    onSuccess: (saved) => {
      replace(saved);
      void toast.success(t("companySettings.companies.declined", { name: saved.name }));
    },
    onError,
  });
  const confirmDecline = (company: ProviderCompany): void => {
    void modal.confirm({
      title: t("companySettings.companies.declineConfirm", { name: company.name }),
      content: t("companySettings.companies.declineText"),
      okText: t("companySettings.companies.decline"),
      cancelText: t("common.cancel"),
      okButtonProps: { danger: true, "data-testid": "decline-confirm" },
      onOk: () => decline.mutateAsync(company).catch(() => undefined),
    });
  };

  const confirmLift = (company: ProviderCompany): void => {
    void modal.confirm({
      title: t("companySettings.companies.liftConfirm", { name: company.name }),
      content: t("companySettings.companies.liftText"),
      okText: t("companySettings.companies.lift"),
      cancelText: t("common.cancel"),
      okButtonProps: { "data-testid": "lift-confirm" },
      onOk: () => lift.mutateAsync(company).catch(() => undefined),
    });
  };

  // The portal's one date-time format, in the user's time zone (lib/dates).
  const formatDate = useDateFormatter();
  const date = (iso: string): string => formatDate(iso) ?? iso;
  const columns: TableColumnsType<ProviderCompany> = [
    {
      key: "name",
      title: t("companySettings.companies.columns.name"),
      render: (_, c) => (
        <div>
          <strong>{c.name}</strong>
          <div className="screen-muted">{t("companySettings.companies.members", { count: c.members })}</div>
        </div>
      ),
    },
    {
      key: "modules",
      title: t("companySettings.companies.columns.modules"),
      width: 320,
      render: (_, c) => (
        <Select
          mode="multiple"
          className="provider-companies__modules"
          value={c.modules}
          aria-label={t("companySettings.companies.modulesOf", { name: c.name })}
          options={moduleOptions(t, i18n.language)}
          showSearch={{ optionFilterProp: "label" }}
          onChange={(list: string[]) => modules.mutate({ id: c.id, list: list as ModuleName[] /* the options are MODULES */ })}
          maxTagCount="responsive"
        />
      ),
    },
    {
      key: "plan",
      title: t("companySettings.companies.columns.plan"),
      width: 220,
      render: (_, c) => (
        <div className="company-settings__row" style={{ marginBottom: 0, justifyContent: "flex-start" }}>
          <Tag color={c.is_freemium ? "#874d00" : "#135200"} data-testid="company-plan">
            {c.is_freemium ? t("companySettings.companies.freemium") : t("companySettings.companies.paid")}
          </Tag>
          {c.is_observer && <Tag>{t("companySettings.companies.observer")}</Tag>}
          {c.is_freemium && (
            <Button size="small" icon={<UnlockOutlined />} onClick={() => confirmLift(c)} data-testid="lift-freemium">
              {t("companySettings.companies.lift")}
            </Button>
          )}
        </div>
      ),
    },
    {
      key: "request",
      title: t("companySettings.companies.columns.request"),
      width: 240,
      render: (_, c) =>
        c.pendingUpgradeRequest ? (
          <div className="company-settings__row" style={{ marginBottom: 0, justifyContent: "flex-start" }}>
            <Tag color="magenta" data-testid="pending-request">
              {t("companySettings.companies.pending", { date: date(c.pendingUpgradeRequest.createdAt) })}
            </Tag>
            <Button size="small" icon={<CloseOutlined />} onClick={() => confirmDecline(c)} data-testid="decline-request">
              {t("companySettings.companies.decline")}
            </Button>
          </div>
        ) : (
          <span className="screen-muted">{t("companySettings.companies.none")}</span>
        ),
    },
  ];

  let body: ReactNode;
  if (!provider) body = <Result status="403" title={t("companySettings.companies.forbidden")} data-testid="companies-forbidden" />;
  else if (companies.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (companies.isError)
    body = <Result status="warning" title={t("companySettings.companies.loadError")} extra={<Button onClick={() => void companies.refetch()}>{t("common.retry")}</Button>} />;
  else
    body = (
      <section className="screen-card screen-card--inset" aria-label={t("companySettings.companies.title")}>
        <Table<ProviderCompany>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={companies.data}
          pagination={false}
          scroll={{ x: 900 }}
          onRow={(c) => ({ "data-testid": "company-row", "data-name": c.name }) as React.HTMLAttributes<HTMLElement>}
        />
      </section>
    );

  return (
    <div className="page screen provider-companies-page" data-testid="companies-page">
      <header>
        <Typography.Title level={1} className="screen-title">
          {t("companySettings.companies.title")}
        </Typography.Title>
        <Typography.Text type="secondary">{t("companySettings.companies.subtitle")}</Typography.Text>
      </header>
      {body}
    </div>
  );
}
