import { useEffect, type ReactNode } from "react";
import { Alert, Button, Descriptions, Form, Input, Result, Select, Skeleton, Space, Switch, Tabs, Tag, Typography } from "antd";
import { ArrowLeftOutlined, DeleteOutlined, LockOutlined, UnlockOutlined, UserDeleteOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import {
  ALARM_SOUNDS,
  LANGUAGES,
  formatPhone,
  formatRut,
  userCreateBodySchema,
  userPasswordBodySchema,
  userUpdateBodySchema,
  type CompanyRole,
  type CompanyUser,
  type Language,
  type UserPasswordBody,
  type UserUpdateBody,
} from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { useDateFormatter } from "../../lib/dates";
import { useSettings } from "../settings";
import { apiFieldProblems, clearChangedErrors, displayName, requiredFields, schemaProblems, showProblems, type FieldProblems } from "./user-form";
import { ReportTypesSelect, ZonesSelect } from "./user-fields";
import { RoleTag, UserAvatar } from "./user-bits";
import { changeUserPassword, fetchUser, updateUser, userKeys } from "./users-api";
import { useUserActions } from "./use-user-actions";
import "./users.css";

const TIMEZONES: readonly string[] = (() => {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return ["America/Santiago"];
  }
})();

/** Saves part of a member and shows the outcome: field errors on their fields, a refused role's SPEC text,
 * else the SPEC §8 retry text of the edit. */
function useSave(companyId: number, userId: number, setProblems: (p: FieldProblems) => void) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserUpdateBody) => updateUser(companyId, userId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(userKeys.one(companyId, userId), saved);
      void queryClient.invalidateQueries({ queryKey: userKeys.all(companyId) });
      void toast.success(t("users.success.updated"));
    },
    onError: (error: unknown) => {
      const problems = isApiError(error) ? apiFieldProblems(error.fields, i18n.language.slice(0, 2) as Language) : {};
      if (Object.keys(problems).length > 0) return setProblems(problems);
      void toast.error(isApiError(error) && error.translated && error.status !== 400 ? error.message : t("users.retry.edit"));
    },
  });
}

// A profile needs what a new member needs (SPEC §5), and a new password its confirmation.
const PROFILE_REQUIRED = requiredFields(userCreateBodySchema);
const PASSWORD_REQUIRED = requiredFields(userPasswordBodySchema);

/** Only the fields whose value changed, so an edit never sends what it did not touch. */
function changed<T extends object>(values: T, before: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(before[k as keyof T]))) as Partial<T>;
}

function ProfileTab({ companyId, user, roles, self }: { companyId: number; user: CompanyUser; roles: CompanyRole[]; self: boolean }): ReactNode {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<UserUpdateBody>();
  const setProblems = (problems: FieldProblems) => showProblems(form, problems);
  const save = useSave(companyId, user.id, setProblems);
  const initial = { first_name: user.first_name, last_name: user.last_name, email: user.email, phone: user.phone ?? "", social_number: user.social_number ?? "", role: user.role };
  const shared = user.otherCompanies > 0;
  const submit = (values: UserUpdateBody) => {
    const body = changed(values, initial) as UserUpdateBody;
    if (Object.keys(body).length === 0) return;
    const problems = schemaProblems(userUpdateBodySchema, body, i18n.language.slice(0, 2) as Language);
    setProblems(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate(body);
  };
  // The role picker offers what the actor may grant, and the member's current role to keep it.
  const roleOptions = [...new Set<CompanyRole>([user.role, ...roles])];
  return (
    <Form<UserUpdateBody>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={submit}
      onValuesChange={(changed) => clearChangedErrors(form, changed)}
      disabled={save.isPending}
      requiredMark="optional"
      className="user-view__form"
      data-testid="user-profile-form"
    >
      {shared && <Alert type="info" showIcon title={t("users.view.sharedAccount")} className="users-drawer__hint" />}
      <div className="users-form__pair">
        <Form.Item name="first_name" required={PROFILE_REQUIRED.has("first_name")} label={t("users.form.firstName")}>
          <Input disabled={shared} data-testid="profile-first-name" />
        </Form.Item>
        <Form.Item name="last_name" required={PROFILE_REQUIRED.has("last_name")} label={t("users.form.lastName")}>
          <Input disabled={shared} data-testid="profile-last-name" />
        </Form.Item>
      </div>
      <Form.Item name="email" required={PROFILE_REQUIRED.has("email")} label={t("users.form.email")}>
        <Input type="email" disabled={shared} data-testid="profile-email" />
      </Form.Item>
      <div className="users-form__pair">
        <Form.Item name="phone" required={PROFILE_REQUIRED.has("phone")} label={t("users.form.phone")}>
          <Input type="tel" disabled={shared} placeholder={t("users.form.phonePlaceholder")} data-testid="profile-phone" />
        </Form.Item>
        <Form.Item name="social_number" required={PROFILE_REQUIRED.has("social_number")} label={t("users.form.rut")}>
          <Input disabled={shared} placeholder={t("users.form.rutPlaceholder")} data-testid="profile-rut" />
        </Form.Item>
      </div>
      <Form.Item name="role" required={PROFILE_REQUIRED.has("role")} label={t("users.form.role")} extra={t("users.view.roleHint")}>
        <Select disabled={self} options={roleOptions.map((r) => ({ value: r, label: t(`users.companyRoles.${r}`), disabled: !roles.includes(r) }))} data-testid="profile-role" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="profile-save">
        {t("common.save")}
      </Button>
    </Form>
  );
}

function PasswordTab({ companyId, user }: { companyId: number; user: CompanyUser }): ReactNode {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [form] = Form.useForm<UserPasswordBody>();
  const setProblems = (problems: FieldProblems) => showProblems(form, problems);
  const lang = i18n.language.slice(0, 2) as Language;
  const save = useMutation({
    mutationFn: (body: UserPasswordBody) => changeUserPassword(companyId, user.id, body),
    onSuccess: () => {
      form.resetFields();
      void toast.success(t("users.success.password"));
    },
    onError: (error: unknown) => {
      const problems = isApiError(error) ? apiFieldProblems(error.fields, lang) : {};
      if (Object.keys(problems).length > 0) return setProblems(problems);
      void toast.error(isApiError(error) && error.status === 409 ? error.message : t("users.retry.password"));
    },
  });
  const submit = (values: UserPasswordBody) => {
    const problems = schemaProblems(userPasswordBodySchema, values, lang);
    setProblems(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate(values);
  };
  const shared = user.otherCompanies > 0;
  return (
    <Form<UserPasswordBody>
      form={form}
      layout="vertical"
      onFinish={submit}
      onValuesChange={(changed) => clearChangedErrors(form, changed)}
      disabled={save.isPending || shared}
      requiredMark="optional"
      className="user-view__form"
      data-testid="user-password-form"
    >
      <Alert type={shared ? "info" : "warning"} showIcon title={shared ? t("users.view.sharedAccount") : t("users.view.passwordHint")} className="users-drawer__hint" />
      <Form.Item name="password" required={PASSWORD_REQUIRED.has("password")} label={t("users.form.password")}>
        <Input.Password autoComplete="new-password" data-testid="password-new" />
      </Form.Item>
      <Form.Item name="password_confirmation" required={PASSWORD_REQUIRED.has("password_confirmation")} label={t("users.form.passwordConfirmation")}>
        <Input.Password autoComplete="new-password" data-testid="password-confirmation" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="password-save">
        {t("common.save")}
      </Button>
    </Form>
  );
}

interface RestrictionValues {
  zones: number[];
  reportTypes: number[];
  onlyAssignedReports: boolean;
}

function RestrictionsTab({ companyId, user }: { companyId: number; user: CompanyUser }): ReactNode {
  const { t } = useTranslation();
  const [form] = Form.useForm<RestrictionValues>();
  const save = useSave(companyId, user.id, (problems) => showProblems(form, problems));
  const initial: RestrictionValues = { zones: user.zones, reportTypes: user.reportTypes, onlyAssignedReports: user.settings.onlyAssignedReports };
  const submit = (v: RestrictionValues) =>
    save.mutate({ zones: v.zones ?? [], reportTypes: v.reportTypes ?? [], settings: { onlyAssignedReports: v.onlyAssignedReports } });
  return (
    <Form<RestrictionValues> form={form} layout="vertical" initialValues={initial} onFinish={submit} onValuesChange={(changed) => clearChangedErrors(form, changed)} disabled={save.isPending} className="user-view__form" data-testid="user-restrictions-form">
      <Form.Item name="zones" label={t("users.form.zones")} extra={t("users.form.zonesHint")}>
        <ZonesSelect companyId={companyId} testId="restrict-zones" />
      </Form.Item>
      <Form.Item name="reportTypes" label={t("users.form.reportTypes")} extra={t("users.form.reportTypesHint")}>
        <ReportTypesSelect testId="restrict-types" />
      </Form.Item>
      <Form.Item name="onlyAssignedReports" label={t("users.view.onlyAssigned")} extra={t("users.view.onlyAssignedHint")} valuePropName="checked">
        <Switch data-testid="restrict-only-assigned" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="restrictions-save">
        {t("common.save")}
      </Button>
    </Form>
  );
}

const SWITCHES = ["pushNotifications", "browserPush", "dailySummaryEmail", "monthlySummaryEmail", "showIncomingComments", "incomming_messages"] as const;

interface SettingsValues {
  switches: Record<(typeof SWITCHES)[number], boolean>;
  lang: Language;
  timezone: string;
  sound: (typeof ALARM_SOUNDS)[number];
  portal_version: "v1" | "v2" | "v3";
}

function SettingsTab({ companyId, user }: { companyId: number; user: CompanyUser }): ReactNode {
  const { t } = useTranslation();
  const [form] = Form.useForm<SettingsValues>();
  const save = useSave(companyId, user.id, (problems) => showProblems(form, problems));
  const initial: SettingsValues = {
    switches: Object.fromEntries(SWITCHES.map((k) => [k, user.settings[k]])) as SettingsValues["switches"],
    lang: user.lang,
    timezone: user.timezone,
    sound: user.settings.alarm.sound,
    portal_version: (["v1", "v2", "v3"].includes(user.settings.portal_version) ? user.settings.portal_version : "v3") as SettingsValues["portal_version"],
  };
  const submit = (v: SettingsValues) =>
    save.mutate({
      lang: v.lang,
      timezone: v.timezone,
      settings: { ...v.switches, portal_version: v.portal_version, alarm: { ...user.settings.alarm, sound: v.sound } },
    });
  return (
    <Form<SettingsValues> form={form} layout="vertical" initialValues={initial} onFinish={submit} onValuesChange={(changed) => clearChangedErrors(form, changed)} disabled={save.isPending} data-testid="user-settings-form">
      <Typography.Title level={2} className="users-section-title">
        {t("users.view.settings.notifications")}
      </Typography.Title>
      <div className="user-view__switches">
        {SWITCHES.map((key) => (
          <Form.Item key={key} name={["switches", key]} label={t(`users.view.settings.${key}`)} valuePropName="checked">
            <Switch data-testid={`setting-${key}`} />
          </Form.Item>
        ))}
      </div>
      <Typography.Title level={2} className="users-section-title">
        {t("users.view.settings.preferences")}
      </Typography.Title>
      <div className="users-form__pair">
        <Form.Item name="lang" label={t("users.view.settings.lang")}>
          <Select options={LANGUAGES.map((l) => ({ value: l, label: t(`languages.${l}`) }))} data-testid="setting-lang" />
        </Form.Item>
        <Form.Item name="timezone" label={t("users.view.settings.timezone")}>
          <Select showSearch options={TIMEZONES.map((z) => ({ value: z, label: z }))} data-testid="setting-timezone" />
        </Form.Item>
        <Form.Item name="sound" label={t("users.view.settings.alarmSound")}>
          <Select options={ALARM_SOUNDS.map((s) => ({ value: s, label: t(`users.view.sounds.${s}`) }))} data-testid="setting-sound" />
        </Form.Item>
        <Form.Item name="portal_version" label={t("users.view.settings.portalVersion")}>
          <Select options={["v1", "v2", "v3"].map((v) => ({ value: v, label: v }))} data-testid="setting-portal-version" />
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="settings-save">
        {t("common.save")}
      </Button>
    </Form>
  );
}

function AccountTab({ companyId, user, self }: { companyId: number; user: CompanyUser; self: boolean }): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = useUserActions(companyId, () => void navigate("/v3/users"));
  const formatDate = useDateFormatter();
  const none = t("common.noValue");
  const shared = user.otherCompanies > 0;
  return (
    <div data-testid="user-account">
      <div className="user-view__account">
        <Space direction="vertical" align="center">
          <UserAvatar user={user} size={96} />
          {!user.cover && <span className="screen-muted">{t("users.view.account.pictureSource")}</span>}
        </Space>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t("users.view.account.state")}>
            <Space wrap>
              <Tag color={user.verified ? "green" : "default"} data-testid="account-verified">{t(user.verified ? "users.view.account.verified" : "users.view.account.notVerified")}</Tag>
              <Tag color={user.activated ? "green" : "default"}>{t(user.activated ? "users.view.account.activated" : "users.view.account.notActivated")}</Tag>
              {user.locked && <Tag color="red" icon={<LockOutlined />}>{t("users.status.locked")}</Tag>}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t("users.view.account.email")}>
            <a href={`mailto:${user.email}`}>{user.email}</a>
          </Descriptions.Item>
          <Descriptions.Item label={t("users.view.account.phone")}>{user.phone ? <a href={`tel:${user.phone.replace(/[^\d+]/g, "")}`}>{formatPhone(user.phone)}</a> : none}</Descriptions.Item>
          <Descriptions.Item label={t("users.form.rut")}>{user.social_number ? formatRut(user.social_number) : none}</Descriptions.Item>
          <Descriptions.Item label={t("users.view.account.homeAddress")}>{user.homeAddress ?? none}</Descriptions.Item>
          <Descriptions.Item label={t("users.view.account.teams")}>{t("users.view.account.teamsCount", { count: user.teams.length })}</Descriptions.Item>
          <Descriptions.Item label={t("users.view.account.otherCompanies")}>{user.otherCompanies}</Descriptions.Item>
          <Descriptions.Item label={t("users.view.account.createdAt")}>{formatDate(user.createdAt, "D MMM YYYY")}</Descriptions.Item>
        </Descriptions>
      </div>
      {!self && (
        <section aria-label={t("users.view.account.actions")} className="user-view__danger">
          {!shared && (
            <Button icon={user.locked ? <UnlockOutlined /> : <LockOutlined />} onClick={() => actions.confirmLock(user, !user.locked)} data-testid={user.locked ? "account-unlock" : "account-lock"}>
              {t(user.locked ? "users.confirmUnlock.ok" : "users.confirmLock.ok")}
            </Button>
          )}
          <Button danger icon={<UserDeleteOutlined />} onClick={() => actions.confirmRemove(user, false)} data-testid="account-remove">
            {t("users.confirmRemove.ok")}
          </Button>
          <Button danger type="primary" icon={<DeleteOutlined />} disabled={shared} title={shared ? t("users.view.account.deleteShared") : undefined} onClick={() => actions.confirmRemove(user, true)} data-testid="account-delete">
            {t("users.view.account.deletePermanently")}
          </Button>
        </section>
      )}
    </div>
  );
}

/** `/v3/users/{id}` (SPEC §2 user view): tabs Profile, Password, Reports and Zones, Settings, Account. */
export function UserViewPage(): ReactNode {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0 && id <= 2147483647;
  const query = useQuery({ queryKey: userKeys.one(companyId, id), queryFn: ({ signal }) => fetchUser(companyId, id, signal), enabled: valid, retry: (n, e) => !(isApiError(e) && e.status < 500) && n < 2 });
  const user = query.data?.user;
  useEffect(() => {
    if (user) document.title = `${displayName(user)} · ${t("common.appName")}`;
  }, [user, t]);

  const back = (
    <Link to="/v3/users" className="screen-muted" data-testid="user-back">
      <ArrowLeftOutlined /> {t("users.view.back")}
    </Link>
  );
  if (!valid || query.isError) {
    const status = !valid || (isApiError(query.error) && query.error.status === 404) ? "404" : isApiError(query.error) && query.error.status === 403 ? "403" : "warning";
    return (
      <div className="page screen user-view" data-testid="user-view">
        {back}
        <Result
          status={status}
          title={<h1 className="user-view__title ant-typography">{status === "404" ? t("users.notFound") : status === "403" ? t("users.forbidden") : t("users.loadError")}</h1>}
          extra={status === "warning" ? <Button onClick={() => void query.refetch()}>{t("common.retry")}</Button> : undefined}
        />
      </div>
    );
  }
  if (!user) return <Skeleton active className="screen-card--padded" />;
  const self = user.id === settings.user.id;
  const roles = query.data?.grantableRoles ?? [];
  return (
    <div className="page screen user-view" data-testid="user-view">
      {back}
      <header className="user-view__head">
        <UserAvatar user={user} size={56} />
        <div>
          <Typography.Title level={1} className="user-view__title">
            {displayName(user)}
          </Typography.Title>
          <Space wrap size={4}>
            <RoleTag user={user} />
            {user.locked && <Tag color="red" icon={<LockOutlined />} data-testid="user-view-locked">{t("users.status.locked")}</Tag>}
            <span className="screen-muted">{user.email}</span>
          </Space>
        </div>
      </header>
      <Tabs
        className="user-view__tabs"
        destroyOnHidden
        items={[
          { key: "profile", label: t("users.view.tabs.profile"), children: <ProfileTab key={user.id} companyId={companyId} user={user} roles={roles} self={self} /> },
          { key: "password", label: t("users.view.tabs.password"), children: <PasswordTab companyId={companyId} user={user} /> },
          { key: "restrictions", label: <span data-testid="tab-restrictions">{t("users.view.tabs.restrictions")}</span>, children: <RestrictionsTab companyId={companyId} user={user} /> },
          { key: "settings", label: t("users.view.tabs.settings"), children: <SettingsTab companyId={companyId} user={user} /> },
          { key: "account", label: <span data-testid="tab-account">{t("users.view.tabs.account")}</span>, children: <AccountTab companyId={companyId} user={user} self={self} /> },
        ]}
      />
    </div>
  );
}
