import { useMemo, type ReactNode } from "react";
import { Form, Input, Tag, TimePicker } from "antd";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { SHIFT_NAME_MAX, type Shift, type ShiftBody } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { formatDuration } from "../../lib/dates";
import { FormDrawer } from "../../components/form-drawer";
import { crossesMidnight, shiftBody, shiftFieldProblems, shiftLength, type ShiftField, type ShiftFieldProblem } from "./shift-form";
import { createShift, shiftKeys, updateShift } from "./shifts-api";

const TIME_FORMAT = "HH:mm:ss";

/** What the antd form holds. */
interface ShiftValues {
  name: string;
  start_time: Dayjs | null;
  end_time: Dayjs | null;
}

const timeOf = (hhmmss: string): Dayjs => dayjs(`2000-01-01T${hhmmss}`);

/** Side drawer to create (editing null) or edit a shift: a name and two times of day HH:mm:ss. A name
 * another shift has lands on the name field; so do the fields' other problems. */
export function ShiftDrawer({ companyId, editing, onClose }: { companyId: number; editing: Shift | null | undefined; onClose(): void }): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ShiftValues>();
  const open = editing !== undefined;
  const start = Form.useWatch("start_time", form);
  const end = Form.useWatch("end_time", form);

  const initialValues = useMemo<ShiftValues>(
    () => ({
      name: editing?.name ?? "",
      start_time: editing ? timeOf(editing.start_time) : null,
      end_time: editing ? timeOf(editing.end_time) : null,
    }),
    [editing],
  );

  const problemText = (problem: ShiftFieldProblem): string => t(`shifts.form.${problem}`);
  const showProblems = (problems: Partial<Record<ShiftField, ShiftFieldProblem>>): void =>
    form.setFields((Object.entries(problems) as [ShiftField, ShiftFieldProblem][]).map(([name, problem]) => ({ name, errors: [problemText(problem)] })));

  const save = useMutation({
    mutationFn: (body: ShiftBody) => (editing ? updateShift(companyId, editing.id, body) : createShift(companyId, body)),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: shiftKeys.list(companyId) });
      // The operators tab splits work by shift.
      void queryClient.invalidateQueries({ queryKey: ["dashboard", companyId] });
      void toast.success(t(editing ? "shifts.success.updated" : "shifts.success.created", { name: saved.name }));
      onClose();
    },
    onError: (error: unknown) => {
      if (isApiError(error) && error.status === 403) {
        void toast.error(t("shifts.forbidden"));
        return;
      }
      const problems = shiftFieldProblems(isApiError(error) ? error.fields : []);
      if (Object.keys(problems).length > 0) {
        // The field says what is wrong (a 409's generic text would not).
        showProblems(problems);
        return;
      }
      void toast.error(isApiError(error) ? error.message : t("errors.generalError"));
    },
  });

  const submit = (values: ShiftValues): void => {
    const result = shiftBody({ name: values.name, start_time: values.start_time?.format(TIME_FORMAT), end_time: values.end_time?.format(TIME_FORMAT) });
    if ("problems" in result) {
      showProblems(result.problems);
      return;
    }
    save.mutate(result.body);
  };

  const startText = start?.format(TIME_FORMAT);
  const endText = end?.format(TIME_FORMAT);
  const both = startText && endText && startText !== endText;

  return (
    <FormDrawer<ShiftValues>
      open={open}
      onClose={onClose}
      size={440}
      title={editing ? t("shifts.form.editTitle") : t("shifts.form.createTitle")}
      testId="shift-drawer"
      saveTestId="shift-save"
      pending={save.isPending}
      form={form}
      formKey={editing?.id ?? "new"}
      initialValues={initialValues}
      onFinish={submit}
      // Enter confirms a typed time in the pickers; it must not save the half-filled form.
      submitOnEnter={false}
    >
      <Form.Item name="name" label={t("shifts.form.name")} rules={[{ required: true, whitespace: true, message: t("shifts.form.required") }]}>
        <Input placeholder={t("shifts.form.namePlaceholder")} maxLength={SHIFT_NAME_MAX} showCount data-testid="shift-name" />
      </Form.Item>
      <div className="shifts-drawer__times">
        <Form.Item name="start_time" label={t("shifts.form.start")} rules={[{ required: true, message: t("shifts.form.required") }]}>
          <TimePicker format={TIME_FORMAT} needConfirm={false} placeholder={t("shifts.form.timePlaceholder")} className="shifts-drawer__time" data-testid="shift-start" />
        </Form.Item>
        <Form.Item
          name="end_time"
          label={t("shifts.form.end")}
          dependencies={["start_time"]}
          rules={[
            { required: true, message: t("shifts.form.required") },
            ({ getFieldValue }) => ({
              validator: (_, value: Dayjs | null) =>
                value && getFieldValue("start_time") && value.format(TIME_FORMAT) === (getFieldValue("start_time") as Dayjs).format(TIME_FORMAT)
                  ? Promise.reject(new Error(t("shifts.form.sameTime")))
                  : Promise.resolve(),
            }),
          ]}
        >
          <TimePicker format={TIME_FORMAT} needConfirm={false} placeholder={t("shifts.form.timePlaceholder")} className="shifts-drawer__time" data-testid="shift-end" />
        </Form.Item>
      </div>
      {both && (
        <p className="shifts-drawer__hint" data-testid="shift-hint">
          {crossesMidnight(startText, endText) && (
            <Tag color="purple" className="shifts-midnight">
              {t("shifts.crossesMidnight")}
            </Tag>
          )}
          {crossesMidnight(startText, endText) ? `${t("shifts.form.crossesHint")} ` : ""}
          {t("shifts.form.lengthHint", { length: formatDuration(shiftLength(startText, endText)) })}
        </p>
      )}
    </FormDrawer>
  );
}
