import type { ReactNode } from "react";
import type { FormInstance } from "antd";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ZodType } from "zod";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { FormDrawer } from "../../components/form-drawer";
import { parseForm, serverProblems, type FieldProblem } from "./form-rules";
import { organisationKeys, type OrganisationResource } from "./organisation-api";
import { relatedKeys } from "./related-keys";

/** A create/edit drawer: the form's values go through the shared schema (same rules and texts as the
 * API); the server's field errors land on their fields; any other failure shows `failureText`. */
export function RecordDrawer<Values extends object, Body, Saved extends { name: string }>({
  companyId,
  resource,
  open,
  title,
  form,
  initialValues,
  schema,
  toInput = (v) => v,
  save,
  failureText,
  onClose,
  testId,
  children,
}: {
  companyId: number;
  resource: OrganisationResource;
  open: boolean;
  title: string;
  form: FormInstance<Values>;
  initialValues: Values;
  schema: ZodType<Body>;
  toInput?: (values: Values) => unknown;
  save: (body: Body) => Promise<Saved>;
  failureText: string;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();

  const show = (problems: FieldProblem[]): void =>
    form.setFields(problems.map((p) => ({ name: p.name as never, errors: [p.message ?? (t(`organisation.rules.${p.code}`, { defaultValue: "" }) || t("organisation.common.tryAgain"))] })));

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: organisationKeys.all(resource, companyId) });
      for (const key of relatedKeys(resource, companyId)) void queryClient.invalidateQueries({ queryKey: key });
      void toast.success(t("organisation.common.saved", { name: saved.name }));
      onClose();
    },
    onError: (error: unknown) => {
      if (isApiError(error) && error.status === 403) {
        void toast.error(t("organisation.common.forbidden"));
        return;
      }
      const problems = isApiError(error) ? serverProblems(error.fields) : [];
      if (problems.length > 0 && error instanceof Error && isApiError(error) && (error.status === 400 || error.status === 409)) show(problems);
      else void toast.error(failureText);
    },
  });

  const submit = (): void => {
    const result = parseForm(schema, toInput(form.getFieldsValue(true) as Values));
    if ("problems" in result) show(result.problems);
    else mutation.mutate(result.body);
  };

  return (
    <FormDrawer<Values>
      open={open}
      onClose={onClose}
      size={480}
      title={title}
      testId={testId}
      pending={mutation.isPending}
      form={form}
      initialValues={initialValues}
      onFinish={submit}
    >
      {children}
    </FormDrawer>
  );
}
