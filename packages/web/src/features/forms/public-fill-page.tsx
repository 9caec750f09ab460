import { useState, type ReactNode } from "react";
import { Alert, Button, Result, Skeleton, Typography } from "antd";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { isApiError } from "../../lib/api";
import { VisitorFrame } from "../signup";
import { FormRenderer } from "./form-renderer";
import { fetchPublicForm, submitPublicForm, uploadPublicImage } from "./forms-api";
import "./forms.css";

/** `/f/{token}`: a form filled by anyone holding its link (no session), rate-limited by the server;
 * an unknown, revoked or expired link says so. */
export function PublicFillPage(): ReactNode {
  const { t } = useTranslation();
  const { token = "" } = useParams();
  const [sent, setSent] = useState(0);
  const form = useQuery({ queryKey: ["forms", "public", token], queryFn: ({ signal }) => fetchPublicForm(token, signal), retry: false });
  const submit = useMutation({ mutationFn: (body: { values: Record<string, unknown>; extras: Record<string, string> }) => submitPublicForm(token, body as never), onSuccess: () => setSent((n) => n + 1) });

  let content: ReactNode;
  if (form.isPending) content = <Skeleton active />;
  else if (form.isError)
    content = isApiError(form.error) && (form.error.status === 404 || form.error.status === 400) ? (
      <Result status="404" title={t("forms.fill.title")} subTitle={t("forms.fill.notFound")} data-testid="fill-not-found" />
    ) : (
      <Result
        status="warning"
        title={isApiError(form.error) ? form.error.message : t("forms.home.unknownError")}
        extra={
          <Button type="primary" onClick={() => void form.refetch()}>
            {t("forms.home.retry")}
          </Button>
        }
      />
    );
  else if (submit.isSuccess)
    content = (
      <Result
        status="success"
        title={t("forms.fill.sent")}
        extra={
          <Button onClick={() => submit.reset()} data-testid="fill-another">
            {t("forms.fill.another")}
          </Button>
        }
        data-testid="fill-sent"
      />
    );
  else
    content = (
      <>
        <Typography.Title level={1} className="fill-title">
          {form.data.template.title}
        </Typography.Title>
        {submit.isError && (
          <Alert type="error" showIcon role="alert" className="builder-alert" title={isApiError(submit.error) ? [submit.error.message, ...submit.error.fields.map((f) => f.message ?? f.code)].join(" · ") : t("forms.fill.error")} />
        )}
        <FormRenderer
          key={sent}
          template={form.data.template}
          mode="fill"
          selectors={form.data.selectors}
          busy={submit.isPending}
          onSubmit={async (body) => void (await submit.mutateAsync(body).catch(() => undefined))}
          uploadImage={(file) => uploadPublicImage(token, file)}
        />
      </>
    );

  return (
    <VisitorFrame wide testId="public-fill">
      <div className="visitor-card fill-card">{content}</div>
    </VisitorFrame>
  );
}
