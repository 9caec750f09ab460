import { useMemo, type ReactNode } from "react";
import { Alert, Button, Form, Input, InputNumber, Select } from "antd";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ACTIVITY_NAME_MAX, ACTIVITY_OPERATORS, ACTIVITY_PERIODS, activityBodySchema, type Language, type ActivityBody, type ActivityOperator, type ActivityPeriod, type FieldError, type ScheduledActivity } from "@atalaya/shared";
import es from "@atalaya/shared/locales/es/activities.json";
import en from "@atalaya/shared/locales/en/activities.json";
import fr from "@atalaya/shared/locales/fr/activities.json";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { FormDrawer } from "../../components/form-drawer";
import { fetchTemplates, formKeys } from "../forms";
import { fetchOperators, fetchTeams } from "../directory";
import { activityKeys, saveActivity } from "./activities-api";

/** The activity rules' texts in every language: the `activities` catalogue, which the API answers with too. */
const RULE_TEXTS: Readonly<Record<Language, Readonly<Record<string, string>>>> = { es, en, fr };

/** What the antd form holds. */
interface ActivityValues {
  name: string;
  groups: { operator: ActivityOperator; formIds: number[] }[];
  userIds: number[];
  teamIds: number[];
  period: ActivityPeriod;
  customDays: number | null;
  timesPerPeriod: number;
  totalPeriods: number;
  startDate: string;
  endDate: string;
}

const today = (): string => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

// A field problem's path (`groups.1.formIds.0`) as the antd name of the field that shows it.
function fieldName(path: string): (string | number)[] {
  const parts = path.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  // A form of a group shows on the group's select; a user or team on its select.
  if (parts[0] === "groups" && parts[2] === "formIds") return parts.slice(0, 3);
  if (parts[0] === "userIds" || parts[0] === "teamIds") return [parts[0]];
  return parts;
}

/** Side drawer to schedule (editing null) or change an activity: name, groups of forms (AND/OR, no
 * form twice — checked here by the shared schema and again by the server), users and teams, period,
 * times per period, total periods, dates. A failed schedule shows SPEC §8's retry message. */
export function ActivityDrawer({ companyId, editing, onClose }: { companyId: number; editing: ScheduledActivity | null | undefined; onClose(): void }): ReactNode {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const [form] = Form.useForm<ActivityValues>();
  const open = editing !== undefined;
  const period = Form.useWatch("period", form);
  const forms = useQuery({ queryKey: formKeys.templates(companyId, ""), queryFn: ({ signal }) => fetchTemplates(companyId, "", signal), enabled: open });
  const people = useQuery({ queryKey: ["activities", companyId, "people"], queryFn: ({ signal }) => fetchOperators(companyId, signal), enabled: open });
  const teams = useQuery({ queryKey: ["activities", companyId, "teams"], queryFn: ({ signal }) => fetchTeams(companyId, signal), enabled: open });

  const initialValues = useMemo<ActivityValues>(
    () => ({
      name: editing?.name ?? "",
      groups: editing?.groups ?? [{ operator: "or", formIds: [] }],
      userIds: editing?.userIds ?? [],
      teamIds: editing?.teamIds ?? [],
      period: editing?.period ?? "daily",
      customDays: editing?.customDays ?? null,
      timesPerPeriod: editing?.timesPerPeriod ?? 1,
      totalPeriods: editing?.totalPeriods ?? 30,
      startDate: editing?.startDate ?? today(),
      endDate: editing?.endDate ?? today(),
    }),
    [editing],
  );

  const showProblems = (fields: readonly FieldError[]): boolean => {
    const known = fields.filter((f) => f.field !== "body");
    form.setFields(known.map((f) => ({ name: fieldName(f.field) as never, errors: [f.message ?? t("activities.form.invalid")] })));
    return known.length > 0;
  };

  const save = useMutation({
    mutationFn: (body: ActivityBody) => saveActivity(companyId, editing?.id ?? null, body),
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: activityKeys.all(companyId) });
      void toast.success(t(editing ? "activities.updated" : "activities.scheduled", { name: saved.name }));
      onClose();
    },
    onError: (error: unknown) => {
      if (isApiError(error)) showProblems(error.fields);
    },
  });

  const submit = (values: ActivityValues): void => {
    const body: ActivityBody = { ...values, customDays: values.period === "custom" ? values.customDays : null };
    const checked = activityBodySchema.safeParse(body);
    if (!checked.success) {
      // The shared rules' own texts (a repeated form, dates backwards…) in the portal's language; the
      // server is not asked.
      const lang = (["es", "en", "fr"].includes(i18n.language) ? i18n.language : "es") as Language;
      showProblems(checked.error.issues.map((i) => ({ field: i.path.join("."), code: i.message, message: (Object.hasOwn(RULE_TEXTS[lang], i.message) ? RULE_TEXTS[lang][i.message] : undefined) ?? t("activities.form.invalid") })));
      return;
    }
    save.mutate(body);
  };

  const formOptions = (forms.data ?? []).filter((f) => !f.deleted).map((f) => ({ value: f.id, label: f.title }));
  const userOptions = (people.data ?? []).map((u) => ({ value: u.id, label: u.name }));
  const teamOptions = (teams.data ?? []).map((x) => ({ value: x.id, label: x.name }));
  const required = { required: true, message: t("activities.form.required") };

  return (
    <FormDrawer<ActivityValues>
      open={open}
      onClose={onClose}
      size={520}
      title={editing ? t("activities.form.editTitle") : t("activities.form.createTitle")}
      testId="activity-drawer"
      saveTestId="activity-save"
      saveLabel={editing ? t("common.save") : t("activities.form.save")}
      pending={save.isPending}
      form={form}
      formKey={editing?.id ?? "new"}
      initialValues={initialValues}
      onFinish={submit}
      // Enter in a field must not schedule a half-filled activity.
      submitOnEnter={false}
    >
      {save.isError && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="activities-alert"
          data-testid="activity-schedule-error"
          title={t("activities.form.scheduleError")}
          description={isApiError(save.error) && save.error.fields.length === 0 ? save.error.message : undefined}
          action={
            <Button size="small" onClick={() => form.submit()} data-testid="activity-retry">
              {t("activities.form.retry")}
            </Button>
          }
        />
      )}
      <Form.Item name="name" label={t("activities.form.name")} rules={[{ ...required, whitespace: true }]}>
        <Input placeholder={t("activities.form.namePlaceholder")} maxLength={ACTIVITY_NAME_MAX} data-testid="activity-name" />
      </Form.Item>
      <fieldset className="activities-groups">
        <legend>{t("activities.form.groups")}</legend>
        <p className="screen-muted">{t("activities.form.groupsHint")}</p>
        <Form.List name="groups">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <div key={field.key} className="activities-group" data-testid="activity-group">
                  <Form.Item name={[field.name, "operator"]} label={t("activities.form.group", { n: i + 1 })} className="activities-group__operator">
                    <Select aria-label={t("activities.form.groupOperator", { n: i + 1 })} options={ACTIVITY_OPERATORS.map((o) => ({ value: o, label: t(`activities.operators.${o}`) }))} />
                  </Form.Item>
                  <Form.Item name={[field.name, "formIds"]} label={t("activities.form.groupForms", { n: i + 1 })} rules={[{ ...required, type: "array", min: 1 }]} className="activities-group__forms">
                    <Select mode="multiple" optionFilterProp="label" options={formOptions} loading={forms.isPending} data-testid="activity-forms" />
                  </Form.Item>
                  {fields.length > 1 && (
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={t("activities.form.removeGroup", { n: i + 1 })} onClick={() => remove(field.name)} />
                  )}
                </div>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ operator: "or", formIds: [] })} data-testid="activity-add-group">
                {t("activities.form.addGroup")}
              </Button>
            </>
          )}
        </Form.List>
      </fieldset>
      <Form.Item name="userIds" label={t("activities.form.users")}>
        <Select mode="multiple" optionFilterProp="label" options={userOptions} loading={people.isPending} data-testid="activity-users" />
      </Form.Item>
      <Form.Item name="teamIds" label={t("activities.form.teams")}>
        <Select mode="multiple" optionFilterProp="label" options={teamOptions} loading={teams.isPending} data-testid="activity-teams" />
      </Form.Item>
      <div className="activities-grid">
        <Form.Item name="period" label={t("activities.form.period")} rules={[required]}>
          <Select options={ACTIVITY_PERIODS.map((p) => ({ value: p, label: t(`activities.periods.${p}`) }))} data-testid="activity-period" />
        </Form.Item>
        {period === "custom" && (
          <Form.Item name="customDays" label={t("activities.form.customDays")} rules={[required]}>
            <InputNumber min={1} max={366} precision={0} className="activities-number" />
          </Form.Item>
        )}
        <Form.Item name="timesPerPeriod" label={t("activities.form.timesPerPeriod")} rules={[required]}>
          <InputNumber min={1} max={100} precision={0} className="activities-number" />
        </Form.Item>
        <Form.Item name="totalPeriods" label={t("activities.form.totalPeriods")} rules={[required]}>
          <InputNumber min={1} max={1000} precision={0} className="activities-number" />
        </Form.Item>
        <Form.Item name="startDate" label={t("activities.form.startDate")} rules={[required]}>
          <Input type="date" data-testid="activity-start" />
        </Form.Item>
        <Form.Item name="endDate" label={t("activities.form.endDate")} rules={[required]}>
          <Input type="date" data-testid="activity-end" />
        </Form.Item>
      </div>
    </FormDrawer>
  );
}
