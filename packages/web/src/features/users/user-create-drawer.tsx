import type { ReactNode } from "react";
import { Alert, Form, Input, Select } from "antd";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { userCreateBodySchema, type CompanyRole, type CompanyUser, type Language, type UserCreateInput } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { FormDrawer } from "../../components/form-drawer";
import { apiFieldProblems, clearChangedErrors, displayName, requiredFields, schemaProblems, showProblems } from "./user-form";
import { ReportTypesSelect, ZonesSelect } from "./user-fields";
import { createUser, userKeys } from "./users-api";

type CreateValues = Partial<UserCreateInput>;

// What SPEC §5 requires (e-mail, names, role, password and its confirmation), from the schema that checks it.
const REQUIRED = requiredFields(userCreateBodySchema);

/** Side drawer that creates a member (SPEC §5 profile rules checked before sending, required fields
 * marked as the schema requires them, the server's field errors shown on their fields, an error cleared
 * when its field changes, the SPEC §8 retry text otherwise). */
export function UserCreateDrawer({ companyId, open, roles, onClose, onCreated }: {
  companyId: number;
  open: boolean;
  roles: readonly CompanyRole[];
  onClose(): void;
  onCreated(user: CompanyUser): void;
}): ReactNode {
  const { t, i18n } = useTranslation();
  const lang = (i18n.language.slice(0, 2) || "es") as Language;
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CreateValues>();

  const save = useMutation({
    mutationFn: (body: UserCreateInput) => createUser(companyId, body),
    onSuccess: ({ user }) => {
      void queryClient.invalidateQueries({ queryKey: userKeys.all(companyId) });
      void toast.success(t("users.success.created", { name: displayName(user) }));
      form.resetFields();
      onCreated(user);
    },
    onError: (error: unknown) => {
      const problems = isApiError(error) ? apiFieldProblems(error.fields, lang) : {};
      if (Object.keys(problems).length > 0) return showProblems(form, problems);
      // A refused role has its own SPEC text; anything else is the retry message.
      void toast.error(isApiError(error) && error.code === "roleChangeForbidden" ? error.message : t("users.retry.create"));
    },
  });

  const submit = (values: CreateValues): void => {
    const body = { ...values, zones: values.zones ?? [], reportTypes: values.reportTypes ?? [] };
    const problems = schemaProblems(userCreateBodySchema, body, lang);
    showProblems(form, problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate(body as UserCreateInput);
  };

  return (
    <FormDrawer<CreateValues>
      open={open}
      onClose={onClose}
      size={480}
      title={t("users.form.createTitle")}
      testId="user-create-drawer"
      saveTestId="user-create-submit"
      saveLabel={t("users.form.submit")}
      pending={save.isPending}
      form={form}
      onFinish={submit}
      // Enter in a field does not create the member: only the button does.
      submitOnEnter={false}
      formProps={{ onValuesChange: (changed) => clearChangedErrors(form, changed), requiredMark: "optional", className: "users-drawer-form" }}
    >
      <Form.Item name="email" required={REQUIRED.has("email")} label={t("users.form.email")}>
        <Input type="email" autoComplete="off" placeholder={t("users.form.emailPlaceholder")} data-testid="user-email" />
      </Form.Item>
      <Alert type="info" showIcon title={t("users.form.existingHint")} className="users-drawer__hint" />
      <div className="users-form__pair">
        <Form.Item name="first_name" required={REQUIRED.has("first_name")} label={t("users.form.firstName")}>
          <Input autoComplete="off" data-testid="user-first-name" />
        </Form.Item>
        <Form.Item name="last_name" required={REQUIRED.has("last_name")} label={t("users.form.lastName")}>
          <Input autoComplete="off" data-testid="user-last-name" />
        </Form.Item>
      </div>
      <div className="users-form__pair">
        <Form.Item name="phone" required={REQUIRED.has("phone")} label={t("users.form.phone")}>
          <Input type="tel" placeholder={t("users.form.phonePlaceholder")} data-testid="user-phone" />
        </Form.Item>
        <Form.Item name="social_number" required={REQUIRED.has("social_number")} label={t("users.form.rut")}>
          <Input placeholder={t("users.form.rutPlaceholder")} data-testid="user-rut" />
        </Form.Item>
      </div>
      <Form.Item name="role" required={REQUIRED.has("role")} label={t("users.form.role")} extra={t("users.view.roleHint")}>
        <Select placeholder={t("users.form.rolePlaceholder")} options={roles.map((r) => ({ value: r, label: t(`users.companyRoles.${r}`) }))} data-testid="user-role-select" />
      </Form.Item>
      <div className="users-form__pair">
        <Form.Item name="password" required={REQUIRED.has("password")} label={t("users.form.password")}>
          <Input.Password autoComplete="new-password" data-testid="user-password" />
        </Form.Item>
        <Form.Item name="password_confirmation" required={REQUIRED.has("password_confirmation")} label={t("users.form.passwordConfirmation")}>
          <Input.Password autoComplete="new-password" data-testid="user-password-confirmation" />
        </Form.Item>
      </div>
      <Form.Item name="zones" required={REQUIRED.has("zones")} label={t("users.form.zones")} extra={t("users.form.zonesHint")}>
        <ZonesSelect companyId={companyId} testId="user-zones" />
      </Form.Item>
      <Form.Item name="reportTypes" required={REQUIRED.has("reportTypes")} label={t("users.form.reportTypes")} extra={t("users.form.reportTypesHint")}>
        <ReportTypesSelect testId="user-report-types" />
      </Form.Item>
    </FormDrawer>
  );
}
