import { useMemo, type ReactNode } from "react";
import { AutoComplete, Checkbox, Form, Input, Select } from "antd";
import { useToast } from "../../lib/use-toast";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import {
  REPORT_CATEGORIES,
  REPORT_TYPES,
  localizedName,
  type AutomaticAnswer,
  type AutomaticAnswerBody,
} from "@atalaya/shared";
import { isApiError } from "../../lib/api";
import { ReportTypeIcon } from "../../components/report-type-visual";
import { FormDrawer } from "../../components/form-drawer";
import { DEFAULT_ANSWER_TYPE, answerBody, answerFormValues, splitFieldErrors, type AnswerFormField } from "./answer-form";
import { answerKeys, createAnswer, updateAnswer } from "./answers-api";
import { useClearable } from "../../components/use-clearable";

/** What the antd form holds: the Select keeps "any type" as undefined so its placeholder shows. */
type DrawerValues = Omit<ReturnType<typeof answerFormValues>, "reportType"> & { reportType?: number };

interface AnswerDrawerProps {
  companyId: number;
  /** Open to create (null) or to edit this answer; undefined = closed. */
  editing: AutomaticAnswer | null | undefined;
  answerTypes: string[];
  onClose(): void;
}

/** Side drawer to create or edit an automatic answer; required fields are checked here and server field errors land on their field. */
export function AnswerDrawer({ companyId, editing, answerTypes, onClose }: AnswerDrawerProps): ReactNode {
  const { t, i18n } = useTranslation();
  const clearable = useClearable();
  const message = useToast();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DrawerValues>();
  const open = editing !== undefined;
  const lang = i18n.resolvedLanguage ?? i18n.language;

  // The stored default answer type is the code "comment": the field shows its translation instead and
  // turns it back into the code on save, so no code is shown to people.
  const defaultTypeText = t("answers.answerTypes.comment");
  const initialValues = useMemo<DrawerValues>(() => {
    const values = answerFormValues(editing);
    const answerType = values.answerType === DEFAULT_ANSWER_TYPE ? defaultTypeText : values.answerType;
    return { ...values, answerType, reportType: values.reportType ?? undefined };
  }, [editing, defaultTypeText]);

  const save = useMutation({
    mutationFn: (body: AutomaticAnswerBody) => (editing ? updateAnswer(companyId, editing.id, body) : createAnswer(companyId, body)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: answerKeys.all(companyId) });
      // The close dialog of the report detail caches its own list of closing answers.
      void queryClient.invalidateQueries({ queryKey: ["reports", "detail", companyId, "answers"] });
      void message.success(t(editing ? "answers.success.updated" : "answers.success.created", { title: saved.title }));
      onClose();
    },
    onError: (error: unknown) => {
      if (isApiError(error) && error.status === 403) {
        void message.error(t("answers.forbidden"));
        return;
      }
      const { byField } = splitFieldErrors(isApiError(error) ? error.fields : []);
      const mapped = Object.entries(byField) as [AnswerFormField, string][];
      if (mapped.length > 0)
        form.setFields(mapped.map(([name, code]) => ({ name, errors: [fieldErrorText(code)] })));
      void message.error(isApiError(error) ? error.message : t("errors.generalError"));
    },
  });

  const fieldErrorText = (code: string): string =>
    code === "too_big" || code === "too_small" || code === "invalid_type" ? t(`answers.fieldErrors.${code}`) : t("answers.fieldErrors.other");

  const submit = (values: DrawerValues): void => {
    const answerType = values.answerType.trim() === defaultTypeText ? DEFAULT_ANSWER_TYPE : values.answerType;
    const result = answerBody({ ...values, answerType, reportType: values.reportType ?? null });
    if ("missing" in result) {
      form.setFields(result.missing.map((name) => ({ name, errors: [t("answers.form.required")] })));
      return;
    }
    save.mutate(result.body);
  };

  const typeOptions = useMemo(
    () =>
      [...REPORT_CATEGORIES]
        .sort((a, b) => a.position - b.position)
        .map((category) => ({
          label: localizedName(category.nameLocalized, lang),
          title: localizedName(category.nameLocalized, lang),
          options: REPORT_TYPES.filter((type) => type.category_id === category.id && (type.active || type.id === editing?.reportType))
            .sort((a, b) => a.position - b.position)
            .map((type) => ({ value: type.id, label: localizedName(type.nameLocalized, lang) })),
        }))
        .filter((group) => group.options.length > 0),
    [lang, editing],
  );

  const required = { required: true, whitespace: true, message: t("answers.form.required") };

  return (
    <FormDrawer<DrawerValues>
      open={open}
      onClose={onClose}
      size={520}
      title={editing ? t("answers.form.editTitle") : t("answers.form.createTitle")}
      testId="answer-drawer"
      saveTestId="answer-save"
      pending={save.isPending}
      form={form}
      formKey={editing?.id ?? "new"}
      initialValues={initialValues}
      onFinish={submit}
      // Enter picks an answer type from the autocomplete; it must not save the form.
      submitOnEnter={false}
    >
      <Form.Item name="title" label={t("answers.form.title")} rules={[required]}>
        <Input placeholder={t("answers.form.titlePlaceholder")} maxLength={200} showCount data-testid="answer-title" />
      </Form.Item>
      <Form.Item name="answer" label={t("answers.form.answer")} rules={[required]}>
        <Input.TextArea
          placeholder={t("answers.form.answerPlaceholder")}
          autoSize={{ minRows: 5, maxRows: 12 }}
          maxLength={4000}
          showCount
          data-testid="answer-text"
        />
      </Form.Item>
      <div className="answers-drawer__row">
        <Form.Item name="answerType" label={t("answers.form.answerType")} tooltip={t("answers.form.answerTypeHelp")} rules={[required]}>
          <AutoComplete
            options={answerTypes.map((value) => ({ value: value === DEFAULT_ANSWER_TYPE ? defaultTypeText : value }))}
            maxLength={50}
            data-testid="answer-type"
          />
        </Form.Item>
        <Form.Item name="reportType" label={t("answers.form.reportType")} tooltip={t("answers.form.reportTypeHelp")}>
          <Select<number>
            allowClear={clearable}
            placeholder={t("answers.anyType")}
            options={typeOptions}
            showSearch={{ optionFilterProp: "label" }}
            optionRender={(option) =>
              typeof option.value === "number" ? (
                <span className="answers-type-option">
                  <ReportTypeIcon typeId={option.value} size={18} />
                  {option.label}
                </span>
              ) : (
                option.label
              )
            }
            data-testid="answer-report-type"
          />
        </Form.Item>
      </div>
      <Form.Item label={t("answers.form.usage")} className="answers-drawer__usage">
        <Form.Item name="usableInManagement" valuePropName="checked" noStyle>
          <Checkbox data-testid="answer-usable-management">
            {t("answers.form.usableInManagement")}
            <div className="screen-muted">{t("answers.usage.managementHint")}</div>
          </Checkbox>
        </Form.Item>
        <Form.Item name="usableInClosure" valuePropName="checked" noStyle>
          <Checkbox data-testid="answer-usable-closure">
            {t("answers.form.usableInClosure")}
            <div className="screen-muted">{t("answers.usage.closureHint")}</div>
          </Checkbox>
        </Form.Item>
      </Form.Item>
    </FormDrawer>
  );
}
