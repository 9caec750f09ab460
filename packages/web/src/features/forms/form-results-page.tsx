import { useEffect, useState, type ReactNode } from "react";
import { Alert, Button, DatePicker, Drawer, Input, Progress, Result, Select, Skeleton, Space, Table, Tag, Typography, type TableColumnsType } from "antd";
import { ArrowLeftOutlined, DownloadOutlined, EditOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useDateFormatter, useDateLocale } from "../../lib/dates";
import { Link, useParams, useSearchParams } from "react-router";
import { optionsOf, walkComponents, type ExportJobStatus, type FormSubmission, type FormTemplate } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { downloadFile } from "../export";
import { FormRenderer } from "./form-renderer";
import { dateText } from "./form-values";
import { exportFileUrl, fetchExportStatus, fetchSelectorItems, fetchSubmission, fetchSubmissions, fetchTemplate, formFileUrl, formKeys, startExport, submitForm, uploadTemplateImage, type SubmissionFilter } from "./forms-api";
import { useSettings } from "../settings";
import "./forms.css";
import { useClearable } from "../../components/use-clearable";

/** `/v3/forms/{id}/results`: the template's submissions with filters on its advanced-filter components,
 * dates and author; a submission's detail read with the version it filled (signature, images); the XLSX
 * export through the background job with its progress; and the form filled from the portal. */
export function FormResultsPage(): ReactNode {
  const { t } = useTranslation();
  const { id: param } = useParams();
  const id = Number(param);
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const template = useQuery({ queryKey: formKeys.template(companyId, id), queryFn: ({ signal }) => fetchTemplate(companyId, id, signal), enabled: Number.isInteger(id) });
  if (!Number.isInteger(id)) return <Result status="404" />;
  if (template.isPending) return <Skeleton active className="page" />;
  if (template.isError)
    return (
      <Result
        status="warning"
        title={t("forms.results.loadError") + (isApiError(template.error) ? template.error.message : t("forms.home.unknownError"))}
        extra={
          <Button type="primary" onClick={() => void template.refetch()}>
            {t("forms.home.retry")}
          </Button>
        }
      />
    );
  return <Results companyId={companyId} template={template.data} />;
}

/** Who filled a submission: a public link's filler and the reporter of an anonymous report (a form its
 * information gathering asked) have no name to show. */
function authorName(s: FormSubmission, t: TFunction): string {
  return s.author?.name ?? t(s.via === "public" ? "forms.results.publicAuthor" : "forms.results.anonymousAuthor");
}

/** The report a submission created or answered for, opened in the events panel. */
function ReportLink({ submission }: { submission: FormSubmission }): ReactNode {
  const { t } = useTranslation();
  if (!submission.reportId) return null;
  if (!submission.reportUuid) return `#${submission.reportId}`;
  return (
    <Link to={`/v3/events/${submission.reportUuid}`} aria-label={t("forms.results.openReport", { id: submission.reportId })}>
      #{submission.reportId}
    </Link>
  );
}

function Results({ companyId, template }: { companyId: number; template: FormTemplate }): ReactNode {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const { lang, zone } = useDateLocale();
  const clearable = useClearable();
  const toast = useToast();
  const client = useQueryClient();
  const { settings } = useSettings();
  const [filter, setFilter] = useState<SubmissionFilter>({ page: 1, filters: {} });
  const [openId, setOpenId] = useState<number | null>(null);
  // `?fill=1` opens the fill drawer at once (the activities screen's "fill" links).
  const [searchParams] = useSearchParams();
  const [filling, setFilling] = useState(() => searchParams.get("fill") === "1");
  const selectors = useQuery({ queryKey: formKeys.selectors(companyId), queryFn: ({ signal }) => fetchSelectorItems(companyId, signal) });
  const list = useQuery({ queryKey: formKeys.submissions(companyId, template.id, filter), queryFn: ({ signal }) => fetchSubmissions(companyId, template.id, filter, signal) });
  const advanced = walkComponents(template.components).map((l) => l.component).filter((c) => c.advancedFilter);
  const columnsOf = walkComponents(template.components).map((l) => l.component).filter((c) => ["text", "numeric", "dropdown", "list", "radio", "date"].includes(c.type)).slice(0, 4);
  const authors = new Map((list.data?.submissions ?? []).flatMap((s) => (s.author ? [[s.author.id, s.author.name] as const] : [])));
  const fill = useMutation({
    mutationFn: (body: { values: Record<string, unknown>; extras: Record<string, string> }) => submitForm(companyId, template.id, body as never),
    onSuccess: () => {
      toast.success(t("forms.results.submitted"));
      setFilling(false);
      void client.invalidateQueries({ queryKey: ["forms"] });
    },
  });

  const columns: TableColumnsType<FormSubmission> = [
    { key: "id", title: "#", render: (_, s) => <Button type="link" onClick={() => setOpenId(s.id)} aria-label={t("forms.results.open", { id: s.id })} data-testid="submission-open">#{s.id}</Button> },
    { key: "date", title: t("forms.results.date"), render: (_, s) => format(s.createdAt) },
    { key: "author", title: t("forms.results.author"), responsive: ["sm"], render: (_, s) => authorName(s, t) },
    ...columnsOf.map((c) => ({
      key: c.fieldKey,
      title: c.label || c.fieldKey,
      responsive: ["md" as const],
      render: (_: unknown, s: FormSubmission) => {
        const v = s.values[c.fieldKey];
        if (v === undefined || v === null) return "";
        if (c.type === "date") return dateText(c, v, lang, zone);
        const options = optionsOf(c, s.values, selectors.data);
        return (Array.isArray(v) ? v : [v]).map((x) => options.find((o) => o.value === x)?.label ?? String(x)).join(", ");
      },
    })),
    { key: "via", title: t("forms.results.via"), responsive: ["lg"], render: (_, s) => <Tag>{t(`forms.results.vias.${s.via}`)}</Tag> },
    { key: "version", title: t("forms.results.version"), responsive: ["lg"], render: (_, s) => `v${s.version}` },
    { key: "report", title: t("forms.results.report"), responsive: ["lg"], render: (_, s) => <ReportLink submission={s} /> },
  ];

  return (
    <div className="page screen forms-results" data-testid="form-results">
      <header className="screen-header">
        <div>
          <Link to="/v3/forms" className="builder-back">
            <ArrowLeftOutlined aria-hidden /> {t("forms.results.back")}
          </Link>
          <Typography.Title level={1} className="screen-title">
            {t("forms.results.title", { title: template.title })}
          </Typography.Title>
        </div>
        <Space wrap>
          <Button icon={<EditOutlined />} onClick={() => setFilling(true)} data-testid="results-fill">
            {t("forms.results.fill")}
          </Button>
          <ExportButton companyId={companyId} templateId={template.id} />
        </Space>
      </header>
      <section className="screen-card" aria-label={t("forms.results.total", { count: list.data?.total ?? 0 })}>
        <div className="screen-toolbar forms-filters" data-testid="results-filters">
          <div className="forms-filter">
            <label htmlFor="rf-dates">{t("forms.results.dates")}</label>
            <DatePicker.RangePicker
              id={{ start: "rf-dates", end: "rf-dates-end" }}
              format="DD/MM/YYYY"
              allowEmpty={[true, true]}
              placeholder={[t("forms.results.from"), t("forms.results.to")]}
              className="forms-filter-dates"
              data-testid="results-dates"
              // Whole days in the operator's time zone: from the first day's start to the day after the last.
              onChange={(range) =>
                setFilter((f) => ({
                  ...f,
                  page: 1,
                  from: range?.[0] ? range[0].startOf("day").toISOString() : undefined,
                  to: range?.[1] ? range[1].add(1, "day").startOf("day").toISOString() : undefined,
                }))
              }
            />
          </div>
          <div className="forms-filter">
            <label htmlFor="rf-author">{t("forms.results.author")}</label>
            <Select id="rf-author" allowClear={clearable} placeholder={t("forms.results.anyAuthor")} className="forms-filter-select" value={filter.authorId} onChange={(v) => setFilter((f) => ({ ...f, page: 1, authorId: v }))} options={[...authors].map(([value, label]) => ({ value, label }))} />
          </div>
          {advanced.map((c) => {
            const options = c.type === "list" ? optionsOf(c, {}, selectors.data) : (c.options ?? []);
            const unique = [...new Map(options.map((o) => [o.value, o])).values()];
            return (
              <div className="forms-filter" key={c.fieldKey}>
                <label htmlFor={`rf-${c.fieldKey}`}>{c.label || c.fieldKey}</label>
                {unique.length ? (
                  <Select
                    id={`rf-${c.fieldKey}`}
                    allowClear={clearable}
                    placeholder={t("forms.results.anyValue")}
                    className="forms-filter-select"
                    onChange={(v?: string) => setFilter((f) => ({ ...f, page: 1, filters: { ...Object.fromEntries(Object.entries(f.filters ?? {}).filter(([k]) => k !== c.fieldKey)), ...(v ? { [c.fieldKey]: v } : {}) } }))}
                    options={unique.map((o) => ({ value: o.value, label: o.label }))}
                    data-testid={`filter-${c.fieldKey}`}
                  />
                ) : (
                  <Input.Search
                    id={`rf-${c.fieldKey}`}
                    allowClear={clearable}
                    onSearch={(v) => setFilter((f) => ({ ...f, page: 1, filters: { ...Object.fromEntries(Object.entries(f.filters ?? {}).filter(([k]) => k !== c.fieldKey)), ...(v.trim() ? { [c.fieldKey]: v.trim() } : {}) } }))}
                  />
                )}
              </div>
            );
          })}
        </div>
        {list.isError ? (
          <Result
            status="warning"
            title={t("forms.results.loadError") + (isApiError(list.error) ? list.error.message : t("forms.home.unknownError"))}
            extra={
              <Button type="primary" onClick={() => void list.refetch()}>
                {t("forms.home.retry")}
              </Button>
            }
          />
        ) : (
          <Table<FormSubmission>
            rowKey="id"
            size="middle"
            loading={list.isPending}
            columns={columns}
            dataSource={list.data?.submissions ?? []}
            onRow={(s) => ({ "data-testid": "submission-row", "data-id": s.id }) as object}
            pagination={{ current: filter.page, pageSize: list.data?.pageSize ?? 20, total: list.data?.total ?? 0, hideOnSinglePage: true, onChange: (page) => setFilter((f) => ({ ...f, page })), showTotal: (count) => t("forms.results.total", { count }) }}
          />
        )}
      </section>
      <Drawer open={openId !== null} onClose={() => setOpenId(null)} title={openId ? t("forms.results.detail", { id: openId }) : ""} size="large" destroyOnHidden data-testid="submission-drawer">
        {openId !== null && <SubmissionDetail companyId={companyId} id={openId} />}
      </Drawer>
      <Drawer open={filling} onClose={() => setFilling(false)} title={template.title} size="large" destroyOnHidden data-testid="fill-drawer">
        {fill.isError && <Alert type="error" showIcon role="alert" className="builder-alert" title={isApiError(fill.error) ? [fill.error.message, ...fill.error.fields.map((f) => f.message ?? f.code)].join(" · ") : t("forms.fill.error")} />}
        <FormRenderer
          template={template}
          mode="fill"
          selectors={selectors.data}
          busy={fill.isPending}
          onSubmit={async (body) => void (await fill.mutateAsync(body).catch(() => undefined))}
          uploadImage={(file) => uploadTemplateImage(companyId, template.id, file)}
          imageUrl={(name) => formFileUrl(companyId, name)}
          mapCenter={settings.company.bound}
          timeZone={settings.company.timezone}
        />
      </Drawer>
    </div>
  );
}

function SubmissionDetail({ companyId, id }: { companyId: number; id: number }): ReactNode {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const detail = useQuery({ queryKey: formKeys.submission(companyId, id), queryFn: ({ signal }) => fetchSubmission(companyId, id, signal) });
  const selectors = useQuery({ queryKey: formKeys.selectors(companyId), queryFn: ({ signal }) => fetchSelectorItems(companyId, signal) });
  if (detail.isPending) return <Skeleton active />;
  if (detail.isError) return <Alert type="error" showIcon title={t("forms.results.loadError") + (isApiError(detail.error) ? detail.error.message : "")} />;
  const { submission, template } = detail.data;
  return (
    <div data-testid="submission-detail">
      <Space wrap className="forms-detail-meta">
        <span data-testid="submission-date">{format(submission.createdAt)}</span>
        <span>{authorName(submission, t)}</span>
        <Tag>{t("forms.results.filledVersion", { version: submission.version })}</Tag>
        {submission.reportId && (
          <Tag color="blue">
            {t("forms.results.report")} <ReportLink submission={submission} />
          </Tag>
        )}
      </Space>
      <FormRenderer template={template} mode="read" values={submission.values} extras={submission.extras} selectors={selectors.data} imageUrl={(name) => formFileUrl(companyId, name)} />
    </div>
  );
}

/** The XLSX export: a background job followed until done, then the file downloaded. */
function ExportButton({ companyId, templateId }: { companyId: number; templateId: number }): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const [jobId, setJobId] = useState<number | null>(null);
  const [status, setStatus] = useState<ExportJobStatus | null>(null);
  useEffect(() => {
    if (jobId === null) return;
    let stop = false;
    const poll = async () => {
      while (!stop) {
        try {
          const s = await fetchExportStatus(companyId, jobId);
          if (stop) return;
          setStatus(s);
          if (s.state === "done") {
            await downloadFile(exportFileUrl(companyId, jobId), "formulario.xlsx");
            setJobId(null);
            return;
          }
          if (s.state === "failed") throw new Error("failed");
        } catch {
          if (!stop) toast.error(t("forms.results.exportError"));
          setJobId(null);
          return;
        }
        await new Promise((r) => setTimeout(r, 1000));
      }
    };
    void poll();
    return () => {
      stop = true;
    };
  }, [companyId, jobId, t, toast]);
  const start = useMutation({ mutationFn: () => startExport(companyId, templateId), onSuccess: (id) => (setStatus(null), setJobId(id)), onError: () => toast.error(t("forms.results.exportError")) });
  const busy = jobId !== null;
  return (
    <Space>
      <Button icon={<DownloadOutlined />} loading={start.isPending || busy} onClick={() => start.mutate()} data-testid="results-export">
        {t("forms.results.export")}
      </Button>
      {busy && status && (
        <span className="forms-export-progress" role="status" data-testid="export-progress">
          <Progress type="circle" size={28} percent={status.rowsTotal ? Math.round((status.rowsWritten / status.rowsTotal) * 100) : 0} aria-hidden />
          {t("forms.results.exporting", { done: status.rowsWritten, total: status.rowsTotal })}
        </span>
      )}
    </Space>
  );
}
