import { useMemo, useState, type ReactNode } from "react";
import { Alert, Button, Input, InputNumber, Result, Select, Skeleton, Switch, Table, Tabs, Tag, Typography, type TableColumnsType } from "antd";
import { DeleteOutlined, LockOutlined, PlusOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import {
  CITY_ISSUES_CATEGORY_ID,
  COMPANY_FLAGS,
  DUE_TIME_UNITS,
  DUPLICATE_DEFAULTS,
  DUPLICATE_RADIUS_RANGE,
  DUPLICATE_WINDOW_RANGE,
  NUMERIC_CONFIG_NAMES,
  PRIORITIES,
  PROVIDER_FLAGS,
  localizedName,
  reportTypeById,
  type CompanySettings,
  type CompanySettingsBody,
  type ReportTypeSetting,
} from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { canManageAnswers } from "../answers";
import { useSettings, companySettingsKeys, fetchCompanySettings, saveCompanySettings } from "../settings";
import { ReportTypeIcon } from "../../components/report-type-visual";
import { ReviewSettingsSection, SubstatusesSettings } from "../reports";
import { ApiKeysPanel } from "./api-keys-panel";
import { NotificationSettings } from "../notifications";
import { moduleName } from "./module-names";
import { configProblems, type ConfigProblem } from "./config-pairs";
import "./company-settings.css";
import { useClearable } from "../../components/use-clearable";

/** `/v3/settings` (SPEC §2 company settings): reports and zones (per type priority and attention time),
 * substatuses, config pairs and the organisation's flags; links to teams, tags, zones and shifts.
 * Company admins change them; other members read them. Company admins also have the "API keys" tab
 * (`?tab=api-keys`, issue 18): the organisation's Open311 keys. */
export function SettingsPage(): ReactNode {
  const { t } = useTranslation();
  const { settings: session } = useSettings();
  const companyId = session.company.id;
  const canManage = canManageAnswers(session);
  const query = useQuery({ queryKey: companySettingsKeys.settings(companyId), queryFn: ({ signal }) => fetchCompanySettings(companyId, signal) });
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const tab = asked === "notifications" ? "notifications" : asked === "api-keys" && canManage ? "api-keys" : "general";

  let body: ReactNode;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 8 }} data-testid="settings-loading" />;
  else if (query.isError)
    body = (
      <Result
        status="warning"
        title={t("companySettings.loadError")}
        subTitle={isApiError(query.error) ? query.error.message : undefined}
        extra={<Button onClick={() => void query.refetch()}>{t("common.retry")}</Button>}
      />
    );
  else body = <SettingsSections settings={query.data} canManage={canManage} companyId={companyId} />;

  return (
    <div className="page screen company-settings-page" data-testid="settings-page">
      <header>
        <Typography.Title level={1} className="screen-title">
          {t("companySettings.title")}
        </Typography.Title>
        <Typography.Text type="secondary">{t("companySettings.subtitle")}</Typography.Text>
      </header>
      {!canManage && <Alert type="info" showIcon icon={<LockOutlined />} title={t("companySettings.readOnly")} data-testid="settings-read-only" />}
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === "general" ? {} : { tab: key }, { replace: true })}
        items={[
          { key: "general", label: t("companySettings.tabs.general"), children: <div className="company-settings__tab">{body}</div> },
          ...(canManage ? [{ key: "api-keys", label: t("companySettings.tabs.apiKeys"), children: <ApiKeysPanel companyId={companyId} /> }] : []),
          // The user's own notification settings (issue 15): every member, admin or not.
          { key: "notifications", label: t("notifications.settings.tab"), children: <NotificationSettings /> },
        ]}
        data-testid="settings-tabs"
      />
    </div>
  );
}

/** Saves one section and puts the answer in the cache. */
function useSave(companyId: number) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanySettingsBody) => saveCompanySettings(companyId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(companySettingsKeys.settings(companyId), saved);
      // The session's company (flags, config) comes from /api/settings.
      void queryClient.invalidateQueries({ queryKey: ["settings"] });
      void toast.success(t("companySettings.saved"));
    },
    onError: (error: unknown) => void toast.error(isApiError(error) ? error.message : t("errors.generalError")),
  });
}

function SettingsSections({ settings, canManage, companyId }: { settings: CompanySettings; canManage: boolean; companyId: number }): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      {/* Each editable section starts over from what the server saved (its key changes with it). */}
      <ReportTypesSection key={JSON.stringify(settings.reportTypes)} settings={settings} canManage={canManage} companyId={companyId} />
      <SubstatusesSettings canManage={canManage} companyId={companyId} />
      <ReviewSettingsSection canManage={canManage} companyId={companyId} />
      <ConfigSection key={JSON.stringify(settings.config)} settings={settings} canManage={canManage} companyId={companyId} />
      <FlagsSection settings={settings} canManage={canManage} companyId={companyId} />
      <section className="screen-card screen-card--inset" aria-labelledby="settings-more">
        <Typography.Title level={2} id="settings-more" className="company-settings__heading">
          {t("companySettings.sections.more")}
        </Typography.Title>
        <nav className="company-settings__links" aria-labelledby="settings-more">
          {(["teams", "tags", "zones", "shifts"] as const).map((key) => (
            <Link key={key} to={`/v3/${key}`} data-testid={`settings-link-${key}`}>
              {t(`companySettings.links.${key}`)}
            </Link>
          ))}
        </nav>
        <div className="company-settings__modules" data-testid="settings-modules">
          <Typography.Text type="secondary">{t("companySettings.modulesTitle")}: </Typography.Text>
          {settings.modules.map((m) => (
            <Tag key={m}>{moduleName(t, m)}</Tag>
          ))}
        </div>
      </section>
    </>
  );
}

type Props = { settings: CompanySettings; canManage: boolean; companyId: number };

function ReportTypesSection({ settings, canManage, companyId }: Props): ReactNode {
  const { t, i18n } = useTranslation();
  const clearable = useClearable();
  const save = useSave(companyId);
  const [rows, setRows] = useState<ReportTypeSetting[]>(settings.reportTypes);
  const [filter, setFilter] = useState("");
  const nameOf = (id: number): string => {
    const type = reportTypeById(id);
    return type ? localizedName(type.nameLocalized, i18n.language) : `#${id}`;
  };
  const change = (typeId: number, patch: Partial<ReportTypeSetting>): void =>
    setRows((old) => old.map((r) => (r.typeId === typeId ? { ...r, ...patch } : r)));
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return q ? rows.filter((r) => nameOf(r.typeId).toLowerCase().includes(q)) : rows;
    // nameOf depends on the language only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, filter, i18n.language]);
  const dirty = rows.filter((r, i) => JSON.stringify(r) !== JSON.stringify(settings.reportTypes[i]));

  const columns: TableColumnsType<ReportTypeSetting> = [
    {
      key: "type",
      title: t("companySettings.columns.type"),
      render: (_, r) => (
        <span className="company-settings__type">
          <ReportTypeIcon typeId={r.typeId} size={22} />
          {nameOf(r.typeId)}
        </span>
      ),
    },
    {
      key: "active",
      title: t("companySettings.columns.active"),
      width: 90,
      render: (_, r) => (
        <Switch size="small" checked={r.active} disabled={!canManage} aria-label={t("companySettings.activeOf", { type: nameOf(r.typeId) })} onChange={(active) => change(r.typeId, { active })} />
      ),
    },
    {
      key: "priority",
      title: t("companySettings.columns.priority"),
      width: 150,
      render: (_, r) => (
        <Select
          value={r.priority}
          disabled={!canManage}
          className="company-settings__priority"
          aria-label={t("companySettings.priorityOf", { type: nameOf(r.typeId) })}
          data-testid={`type-priority-${r.typeId}`}
          options={PRIORITIES.map((p) => ({ value: p, label: t(`priorities.${p}`) }))}
          onChange={(priority) => change(r.typeId, { priority })}
        />
      ),
    },
    {
      key: "attention",
      title: t("companySettings.columns.attention"),
      width: 230,
      render: (_, r) => (
        <span className="company-settings__attention">
          <InputNumber
            min={1}
            max={525600}
            precision={0}
            value={r.attentionTime}
            placeholder={t("companySettings.noDue")}
            disabled={!canManage}
            aria-label={t("companySettings.attentionTime", { type: nameOf(r.typeId) })}
            data-testid={`type-attention-${r.typeId}`}
            onChange={(value) => change(r.typeId, { attentionTime: value ?? null, attentionUnit: value ? (r.attentionUnit ?? "hours") : null })}
          />
          <Select
            value={r.attentionUnit ?? undefined}
            disabled={!canManage || r.attentionTime === null}
            className="company-settings__unit"
            aria-label={t("companySettings.attentionUnit", { type: nameOf(r.typeId) })}
            data-testid={`type-unit-${r.typeId}`}
            options={DUE_TIME_UNITS.map((u) => ({ value: u, label: t(`companySettings.units.${u}`) }))}
            onChange={(attentionUnit) => change(r.typeId, { attentionUnit })}
          />
        </span>
      ),
    },
    {
      // Duplicate suggestions (issue 18): empty keeps the default, shown as the placeholder.
      key: "duplicates",
      title: t("companySettings.columns.duplicates"),
      width: 230,
      render: (_, r) => {
        const city = reportTypeById(r.typeId)?.category_id === CITY_ISSUES_CATEGORY_ID;
        return (
          <span className="company-settings__attention">
            <InputNumber
              min={DUPLICATE_RADIUS_RANGE[0]}
              max={DUPLICATE_RADIUS_RANGE[1]}
              precision={0}
              value={r.duplicateRadiusMeters ?? null}
              placeholder={t("companySettings.metres", { value: city ? DUPLICATE_DEFAULTS.cityRadiusMeters : DUPLICATE_DEFAULTS.radiusMeters })}
              disabled={!canManage}
              aria-label={t("companySettings.duplicateRadius", { type: nameOf(r.typeId) })}
              data-testid={`type-duplicate-radius-${r.typeId}`}
              onChange={(value) => change(r.typeId, { duplicateRadiusMeters: value ?? null })}
            />
            <InputNumber
              min={DUPLICATE_WINDOW_RANGE[0]}
              max={DUPLICATE_WINDOW_RANGE[1]}
              precision={0}
              value={r.duplicateWindowMinutes ?? null}
              placeholder={t("companySettings.minutes", { value: city ? DUPLICATE_DEFAULTS.cityWindowMinutes : DUPLICATE_DEFAULTS.windowMinutes })}
              disabled={!canManage}
              aria-label={t("companySettings.duplicateWindow", { type: nameOf(r.typeId) })}
              data-testid={`type-duplicate-window-${r.typeId}`}
              onChange={(value) => change(r.typeId, { duplicateWindowMinutes: value ?? null })}
            />
          </span>
        );
      },
    },
  ];

  return (
    <section className="screen-card screen-card--inset" aria-labelledby="settings-reports" data-testid="settings-reports">
      <Typography.Title level={2} id="settings-reports" className="company-settings__heading">
        {t("companySettings.sections.reports")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("companySettings.sections.reportsHint")}</Typography.Paragraph>
      <div className="company-settings__toolbar">
        <Input.Search allowClear={clearable} placeholder={t("companySettings.filterTypes")} aria-label={t("companySettings.filterTypes")} value={filter} onChange={(e) => setFilter(e.target.value)} className="company-settings__search" />
        {canManage && (
          <Button type="primary" disabled={dirty.length === 0} loading={save.isPending} onClick={() => save.mutate({ reportTypes: dirty })} data-testid="save-report-types">
            {t("common.save")}
          </Button>
        )}
      </div>
      <Table<ReportTypeSetting>
        rowKey="typeId"
        size="small"
        columns={columns}
        dataSource={shown}
        pagination={false}
        scroll={{ x: 870 }}
        onRow={(r) => ({ "data-testid": `type-row-${r.typeId}` }) as React.HTMLAttributes<HTMLElement>}
      />
    </section>
  );
}

const PROBLEM_KEY: Record<ConfigProblem, string> = {
  nameRequired: "companySettings.config.nameRequired",
  duplicate: "companySettings.config.duplicate",
  notNumeric: "companySettings.config.notNumeric",
};

function ConfigSection({ settings, canManage, companyId }: Props): ReactNode {
  const { t } = useTranslation();
  const save = useSave(companyId);
  const [pairs, setPairs] = useState(settings.config);
  const problems = configProblems(pairs);
  const set = (i: number, patch: Partial<{ name: string; value: string }>): void => setPairs((old) => old.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <section className="screen-card screen-card--inset" aria-labelledby="settings-config" data-testid="settings-config">
      <Typography.Title level={2} id="settings-config" className="company-settings__heading">
        {t("companySettings.sections.config")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("companySettings.sections.configHint")}</Typography.Paragraph>
      <ul className="company-settings__pairs">
        {pairs.map((pair, i) => {
          const problem = problems[i];
          const numeric = NUMERIC_CONFIG_NAMES.includes(pair.name.trim());
          return (
            <li key={i} className="company-settings__pair" data-testid="config-pair">
              <Input value={pair.name} disabled={!canManage} aria-label={`${t("companySettings.config.name")} ${i + 1}`} onChange={(e) => set(i, { name: e.target.value })} status={problem?.field === "name" ? "error" : undefined} />
              <Input
                value={pair.value}
                disabled={!canManage}
                inputMode={numeric ? "decimal" : undefined}
                aria-label={`${t("companySettings.config.value")} ${pair.name || i + 1}`}
                aria-invalid={problem?.field === "value" || undefined}
                onChange={(e) => set(i, { value: e.target.value })}
                status={problem?.field === "value" ? "error" : undefined}
              />
              {canManage && (
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t("companySettings.config.remove", { name: pair.name || i + 1 })} onClick={() => setPairs((old) => old.filter((_, j) => j !== i))} />
              )}
              {problem && (
                <Typography.Text type="danger" role="alert" className="company-settings__problem" data-testid="config-problem">
                  {t(PROBLEM_KEY[problem.problem])}
                </Typography.Text>
              )}
            </li>
          );
        })}
      </ul>
      {canManage && (
        <div className="company-settings__row">
          <Button icon={<PlusOutlined />} onClick={() => setPairs((old) => [...old, { name: "", value: "" }])}>
            {t("companySettings.config.add")}
          </Button>
          <Button type="primary" loading={save.isPending} disabled={problems.some(Boolean)} onClick={() => save.mutate({ config: pairs.map((p) => ({ name: p.name.trim(), value: p.value.trim() })) })} data-testid="save-config">
            {t("common.save")}
          </Button>
        </div>
      )}
    </section>
  );
}

function FlagsSection({ settings, canManage, companyId }: Props): ReactNode {
  const { t } = useTranslation();
  const save = useSave(companyId);
  return (
    <section className="screen-card screen-card--inset" aria-labelledby="settings-flags">
      <Typography.Title level={2} id="settings-flags" className="company-settings__heading">
        {t("companySettings.sections.flags")}
      </Typography.Title>
      <ul className="company-settings__flags">
        {COMPANY_FLAGS.map((flag) => {
          const providerOnly = PROVIDER_FLAGS.includes(flag);
          const editable = canManage && (!providerOnly || settings.providerAdmin);
          return (
            <li key={flag} className="company-settings__flag">
              <Switch
                checked={settings.flags[flag]}
                disabled={!editable}
                loading={save.isPending && save.variables?.flags?.[flag] !== undefined}
                aria-labelledby={`flag-${flag}`}
                aria-describedby={`flag-${flag}-hint`}
                data-testid={`flag-${flag}`}
                onChange={(value) => save.mutate({ flags: { [flag]: value } })}
              />
              <div>
                <div id={`flag-${flag}`} className="company-settings__flag-name">
                  {t(`companySettings.flags.${flag}`)}
                </div>
                <Typography.Text type="secondary" id={`flag-${flag}-hint`}>
                  {t(`companySettings.flags.${flag}Hint`)}
                  {providerOnly && !settings.providerAdmin ? ` ${t("companySettings.flags.providerOnly")}` : ""}
                </Typography.Text>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
