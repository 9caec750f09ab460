import { Suspense, lazy, useMemo, useState, type ReactNode } from "react";
import { Alert, App, Button, Card, Checkbox, Input, Radio, Rate, Select, Space, Spin, Tag, Typography } from "antd";
import { CheckCircleOutlined, DeleteOutlined, FormOutlined, MinusCircleOutlined, PlusOutlined, QuestionCircleOutlined, SendOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { MAX_GATHERING_QUESTIONS, hasModule, walkComponents, type FormComponent, type Gathering, type GatheringForm, type Report } from "@atalaya/shared";
import { useToast } from "../../../lib/use-toast";
import { useDateFormatter } from "../../../lib/dates";
import { isApiError } from "../../../lib/api";
import { fetchTemplates, formKeys, loadFormRenderer } from "../../forms";
import { useRealtimeEvents } from "../../realtime";
import { detailKeys } from "../detail/detail-api";
import { useSettings } from "../../settings";
import { clearGathering, fetchSubstatuses, lifeKeys, setReportSubstatus, startGathering } from "./report-life-api";

// The forms' renderer (and its map and signature parts) loads only when a form gathering is shown.
const FormRenderer = lazy(async () => ({ default: (await loadFormRenderer()).FormRenderer }));
import "./report-life.css";
import { useClearable } from "../../../components/use-clearable";

interface CardProps {
  report: Report;
  companyId: number;
  onReport(report: Report): void;
}

/** A failed action's text: a 409's own reason when the server gave one, else the action's sentence. */
function useFailure(): (error: unknown, fallback: string) => string {
  const { t } = useTranslation();
  return (error, fallback) => (isApiError(error) && error.reason ? t(`errors.reasons.${error.reason}`) : fallback);
}

/** On the report detail (issue 17): the review it passed, its substatus, the reporter's rating and the
 * information gathering, all read from the report so its live updates show here at once. */
export function ReportLifeCard({ report, companyId, onReport }: CardProps): ReactNode {
  const { t } = useTranslation();
  return (
    <Card size="small" className="rd-card life-card" data-testid="report-life" title={t("reportLife.gathering.title")}>
      <div className="life-card__facts">
        {report.review === "approved" && (
          <Tag color="green" icon={<CheckCircleOutlined />} data-testid="review-approved">
            {t("reportLife.review.approvedBadge")}
          </Tag>
        )}
        <SubstatusField report={report} companyId={companyId} onReport={onReport} />
        <RatingView report={report} />
      </div>
      <GatheringSection report={report} companyId={companyId} onReport={onReport} />
    </Card>
  );
}

function SubstatusField({ report, companyId, onReport }: CardProps): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const queryClient = useQueryClient();
  // An admin renamed or deleted a substatus: the list is read again, and the report's own name too.
  useRealtimeEvents((message) => {
    if (message.type !== "substatuses" || message.companyId !== companyId) return;
    void queryClient.invalidateQueries({ queryKey: lifeKeys.substatuses(companyId) });
    if (report.substatus && message.data.id === report.substatus.id) void queryClient.invalidateQueries({ queryKey: detailKeys.report(companyId, report.uuid), exact: true });
  });
  const toast = useToast();
  const failure = useFailure();
  const editable = report.can.work;
  const list = useQuery({ queryKey: lifeKeys.substatuses(companyId), queryFn: ({ signal }) => fetchSubstatuses(companyId, signal), enabled: editable, staleTime: 60_000 });
  const set = useMutation({
    mutationFn: (id: number | null) => setReportSubstatus(companyId, report.id, id),
    onSuccess: onReport,
    onError: (error) => toast.error(failure(error, t("reportLife.substatuses.setError"))),
  });
  if (!editable)
    return report.substatus ? (
      <span className="life-card__fact" data-testid="report-substatus">
        {t("reportLife.substatuses.label")}: <Tag color="purple">{report.substatus.name}</Tag>
      </span>
    ) : null;
  // A substatus deleted from the list stays on the report: it is offered as it is.
  const options = [...(list.data ?? []).map((s) => ({ value: s.id, label: s.name }))];
  if (report.substatus && !options.some((o) => o.value === report.substatus!.id)) options.push({ value: report.substatus.id, label: report.substatus.name });
  return (
    <label className="life-card__fact life-card__substatus">
      <span>{t("reportLife.substatuses.label")}</span>
      <Select
        allowClear={clearable}
        size="small"
        value={report.substatus?.id ?? null}
        placeholder={t("reportLife.substatuses.none")}
        options={options}
        loading={list.isPending || set.isPending}
        onChange={(v: number | undefined | null) => set.mutate(v ?? null)}
        aria-label={t("reportLife.substatuses.label")}
        data-testid="substatus-select"
        popupMatchSelectWidth={false}
      />
    </label>
  );
}

function RatingView({ report }: { report: Report }): ReactNode {
  const { t } = useTranslation();
  if (report.ratingPoints === null) return null;
  return (
    <span className="life-card__fact life-card__rating" data-testid="report-rating">
      <span>{t("reportLife.rating.title")}:</span>
      <Rate disabled value={report.ratingPoints} aria-label={t("reportLife.rating.points", { points: report.ratingPoints })} />
      <span className="life-card__sr">{t("reportLife.rating.points", { points: report.ratingPoints })}</span>
      {report.ratingBody && <Typography.Text italic>“{report.ratingBody}”</Typography.Text>}
    </span>
  );
}

function GatheringSection({ report, companyId, onReport }: CardProps): ReactNode {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const toast = useToast();
  const failure = useFailure();
  const format = useDateFormatter();
  const g = report.gathering;
  const clear = useMutation({
    mutationFn: () => clearGathering(companyId, report.id),
    onSuccess: onReport,
    onError: (error) => toast.error(failure(error, t("reportLife.gathering.error"))),
  });
  const confirmClear = () =>
    void modal.confirm({
      title: t("reportLife.gathering.confirmClear"),
      okText: t("reportLife.gathering.clear"),
      okButtonProps: { danger: true, "data-testid": "gathering-clear-confirm" },
      onOk: () => clear.mutateAsync().catch(() => undefined),
    });
  if (!g) return report.can.work ? <GatheringForm report={report} companyId={companyId} onReport={onReport} /> : <Typography.Paragraph type="secondary">{t("reportLife.gathering.notTaken")}</Typography.Paragraph>;
  return (
    <div className="life-card__gathering" data-testid="gathering" data-state={g.isCompleted ? "completed" : "active"}>
      <Alert
        type={g.isCompleted ? "success" : "info"}
        showIcon
        title={g.isCompleted ? t("reportLife.gathering.completed") : t("reportLife.gathering.started")}
        description={
          g.isCompleted && g.completedAt ? t("reportLife.gathering.completedAt", { date: format(g.completedAt) }) : t("reportLife.gathering.startedAt", { date: format(g.startedAt) })
        }
      />
      {g.form ? <FormAnswers form={g.form} gathering={g} /> : <QuestionsAndAnswers gathering={g} />}
      {(report.can.work || report.can.close) && (
        <Button danger size="small" icon={<DeleteOutlined />} onClick={confirmClear} loading={clear.isPending} data-testid="gathering-clear">
          {t("reportLife.gathering.clear")}
        </Button>
      )}
    </div>
  );
}

function QuestionsAndAnswers({ gathering }: { gathering: Gathering }): ReactNode {
  const { t } = useTranslation();
  return (
    <dl className="life-card__qa">
      {gathering.questions.map((q, i) => (
        <div key={i} className="life-card__qa-item" data-testid="gathering-item">
          <dt>
            <QuestionCircleOutlined aria-hidden /> {q.text}
            {q.required && <span className="life-card__required"> ({t("reportLife.gathering.required")})</span>}
          </dt>
          <dd data-testid="gathering-answer">
            {gathering.answers ? gathering.answers[i] || <Typography.Text type="secondary">{t("reportLife.gathering.noAnswer")}</Typography.Text> : "…"}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A form gathering: the form's title and version; once answered, the reporter's values read with the
 * forms' renderer, as the form was when it was asked. */
function FormAnswers({ form, gathering }: { form: GatheringForm; gathering: Gathering }): ReactNode {
  const { t } = useTranslation();
  const selectors = useMemo(() => new Map(form.selectors.map((s) => [s.id, s.items])), [form.selectors]);
  const components = form.components as FormComponent[];
  return (
    <div className="life-card__form-answers" data-testid="gathering-form-answers">
      <div>
        <Typography.Text strong>
          <FormOutlined aria-hidden /> {t("reportLife.gathering.formAsked", { title: form.title })}
        </Typography.Text>{" "}
        <Typography.Text type="secondary">({t("reportLife.gathering.formVersion", { version: form.version })})</Typography.Text>
      </div>
      {gathering.formValues && (
        <Suspense fallback={<Spin size="small" />}>
          <FormRenderer template={{ title: form.title, components }} mode="read" selectors={selectors} values={gathering.formValues.values} extras={gathering.formValues.extras} />
        </Suspense>
      )}
    </div>
  );
}

// A form whose images the reporter's app could not upload is not offered (the server refuses it too).
const askable = (components: readonly FormComponent[]) => !walkComponents(components).some((l) => l.component.type === "images");

function GatheringForm({ report, companyId, onReport }: CardProps): ReactNode {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const formsOn = hasModule(settings.company.modules, "forms");
  const [kind, setKind] = useState<"questions" | "form">("questions");
  return (
    <div className="life-card__start">
      {formsOn && (
        <Radio.Group
          value={kind}
          onChange={(e) => setKind(e.target.value as "questions" | "form")}
          optionType="button"
          size="small"
          aria-label={t("reportLife.gathering.kind")}
          data-testid="gathering-kind"
          options={[
            { value: "questions", label: t("reportLife.gathering.kindQuestions") },
            { value: "form", label: t("reportLife.gathering.kindForm") },
          ]}
        />
      )}
      {kind === "form" && formsOn ? <FormPicker report={report} companyId={companyId} onReport={onReport} /> : <QuestionsForm report={report} companyId={companyId} onReport={onReport} />}
    </div>
  );
}

function FormPicker({ report, companyId, onReport }: CardProps): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const failure = useFailure();
  const [templateId, setTemplateId] = useState<number | null>(null);
  const templates = useQuery({ queryKey: formKeys.templates(companyId), queryFn: ({ signal }) => fetchTemplates(companyId, "", signal) });
  const options = (templates.data ?? []).filter((tpl) => !tpl.deleted && askable(tpl.components)).map((tpl) => ({ value: tpl.id, label: tpl.title }));
  const start = useMutation({
    mutationFn: (formTemplateId: number) => startGathering(companyId, report.id, { formTemplateId }),
    onSuccess: (next) => {
      setTemplateId(null);
      onReport(next);
    },
    onError: (error) => toast.error(failure(error, t("reportLife.gathering.error"))),
  });
  return (
    <form
      className="life-card__form"
      data-testid="gathering-form-picker"
      onSubmit={(e) => {
        e.preventDefault();
        if (templateId !== null) start.mutate(templateId);
      }}
    >
      {templates.isSuccess && options.length === 0 ? (
        <Typography.Paragraph type="secondary">{t("reportLife.gathering.noForms")}</Typography.Paragraph>
      ) : (
        <Select
          className="life-card__form-select"
          value={templateId}
          onChange={(v: number) => setTemplateId(v)}
          options={options}
          loading={templates.isPending}
          placeholder={t("reportLife.gathering.formPlaceholder")}
          aria-label={t("reportLife.gathering.form")}
          data-testid="gathering-form-select"
          showSearch={{ optionFilterProp: "label" }}
        />
      )}
      <div className="life-card__form-actions">
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} disabled={templateId === null} loading={start.isPending} data-testid="gathering-send-form">
          {t("reportLife.gathering.sendForm")}
        </Button>
      </div>
    </form>
  );
}

function QuestionsForm({ report, companyId, onReport }: CardProps): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const failure = useFailure();
  const [questions, setQuestions] = useState([{ text: "", required: true }]);
  const start = useMutation({
    mutationFn: () => startGathering(companyId, report.id, { questions: questions.map((q) => ({ text: q.text.trim(), required: q.required })) }),
    onSuccess: (next) => {
      setQuestions([{ text: "", required: true }]);
      onReport(next);
    },
    onError: (error) => toast.error(failure(error, t("reportLife.gathering.error"))),
  });
  const ready = questions.every((q) => q.text.trim().length > 0);
  const change = (i: number, patch: Partial<{ text: string; required: boolean }>) => setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  return (
    <form
      className="life-card__form"
      data-testid="gathering-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (ready) start.mutate();
      }}
    >
      <Typography.Paragraph type="secondary">{t("reportLife.gathering.hint")}</Typography.Paragraph>
      {questions.map((q, i) => (
        <Space.Compact key={i} className="life-card__question" block>
          <Input
            value={q.text}
            maxLength={300}
            onChange={(e) => change(i, { text: e.target.value })}
            placeholder={t("reportLife.gathering.question", { n: i + 1 })}
            aria-label={t("reportLife.gathering.question", { n: i + 1 })}
            data-testid="gathering-question"
          />
          <span className="life-card__check">
            <Checkbox checked={q.required} onChange={(e) => change(i, { required: e.target.checked })}>
              {t("reportLife.gathering.required")}
            </Checkbox>
          </span>
          {questions.length > 1 && (
            <Button
              icon={<MinusCircleOutlined />}
              aria-label={t("reportLife.gathering.removeQuestion", { n: i + 1 })}
              onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}
            />
          )}
        </Space.Compact>
      ))}
      <div className="life-card__form-actions">
        <Button icon={<PlusOutlined />} disabled={questions.length >= MAX_GATHERING_QUESTIONS} onClick={() => setQuestions((qs) => [...qs, { text: "", required: false }])}>
          {t("reportLife.gathering.addQuestion")}
        </Button>
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} disabled={!ready} loading={start.isPending} data-testid="gathering-start">
          {t("reportLife.gathering.start")}
        </Button>
      </div>
    </form>
  );
}
