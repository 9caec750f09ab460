import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useToast } from "../../lib/use-toast";
import { Alert, Button, Empty, Modal, Result, Select, Skeleton, Space, Typography } from "antd";
import { ReloadOutlined, TeamOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useDateFormatter } from "../../lib/dates";
import { lockedFieldKeys, walkComponents, type FormComponent, type FormValues, type Report, type ReportForm } from "@atalaya/shared";
import { isApiError } from "../../lib/api";
import { useOperators } from "../directory";
import { useSettings, companyRoleOf } from "../settings";
import { FormRenderer } from "./form-renderer";
import { fetchReportForm, formFileUrl, formKeys, saveReportForm, saveSectionsUsers, uploadTemplateImage } from "./forms-api";
import { useClearable } from "../../components/use-clearable";

interface ReportFormTabProps {
  report: Report;
  companyId: number;
  onReport(next: Report): void;
}

// The API client already words a refusal in the portal's language (reason, code or the fields).
const errorText = (e: unknown, fallback: string) => (isApiError(e) ? e.message : fallback);

const sectionsOf = (components: readonly FormComponent[]) => walkComponents(components).map((l) => l.component).filter((c) => c.type === "section");

/**
 * The report detail's "Formulario" tab (issue 16, SPEC §2: unusable until the report is taken): the
 * report type's workflow form through the one renderer, disabled with its reason until the report is
 * taken, filled from the latest submission by whoever works it (sections assigned to others read-only),
 * read once closed; company admins assign sections. Another viewer's save arrives as the report's
 * update (its version changes) and is loaded, or offered when this viewer has unsaved changes.
 */
export function ReportFormTab({ report, companyId, onReport }: ReportFormTabProps): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { settings } = useSettings();
  const role = companyRoleOf(settings);
  const myUserId = settings.user.id;
  const key = formKeys.reportForm(companyId, report.id);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchReportForm(companyId, report.id, signal), enabled: report.workflow !== null });
  const refetch = query.refetch;
  // Every change of the report (a colleague's save included) bumps its version: read the form again.
  const seenVersion = useRef(report.version);
  useEffect(() => {
    if (report.version === seenVersion.current) return;
    seenVersion.current = report.version;
    if (report.workflow !== null) void refetch();
  }, [report.version, report.workflow, refetch]);

  if (report.workflow === null)
    return <Empty description={<span>{t("forms.reportTab.none")}{role === "company_admin" && <><br />{t("forms.reportTab.noneAdmin")}</>}</span>} data-testid="report-form-none" />;
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.data === undefined)
    return (
      <Result
        status="warning"
        title={t("forms.reportTab.loadError")}
        subTitle={errorText(query.error, t("errors.generalError"))}
        extra={<Button icon={<ReloadOutlined />} onClick={() => void refetch()}>{t("forms.reportTab.retry")}</Button>}
      />
    );
  const form = query.data;
  if (!form.workflow) return <Empty description={t("forms.reportTab.none")} data-testid="report-form-none" />;
  return (
    <LoadedForm
      report={report}
      companyId={companyId}
      form={form}
      myUserId={myUserId}
      isAdmin={role === "company_admin"}
      onSaved={(next) => {
        queryClient.setQueryData(key, next.form);
        onReport(next.report);
        void toast.success(t("forms.reportTab.saved"));
      }}
      onReport={onReport}
      onReload={() => void refetch()}
    />
  );
}

interface LoadedFormProps {
  report: Report;
  companyId: number;
  form: ReportForm;
  myUserId: number;
  isAdmin: boolean;
  onSaved(next: { form: ReportForm; report: Report }): void;
  onReport(next: Report): void;
  onReload(): void;
}

function LoadedForm({ report, companyId, form, myUserId, isAdmin, onSaved, onReport }: LoadedFormProps): ReactNode {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const { settings } = useSettings();
  const workflow = form.workflow!;
  const latestId = form.submission?.id ?? null;
  // The copy being edited starts from the latest submission; once the filler changes something it is
  // kept (frozen at the submission it started from), and another save arriving is offered, not forced.
  const [dirtyFrom, setDirtyFrom] = useState<{ from: number | null } | null>(null);
  const dirty = dirtyFrom !== null;
  const basedOn = dirtyFrom ? dirtyFrom.from : latestId;
  const newer = dirty && latestId !== basedOn;
  const [error, setError] = useState<string | null>(null);
  const [assigning, setAssigning] = useState(false);

  const closed = report.status === "solved" || report.status === "false";
  const taken = report.status === "in_progress" || report.status === "in_observation";
  const fillable = taken && report.can.work && report.deletedAt === null;
  const locked = useMemo(() => lockedFieldKeys(workflow.components, report.sectionsUsers, myUserId), [workflow.components, report.sectionsUsers, myUserId]);
  const sections = sectionsOf(workflow.components);
  const nameOf = (key: string) => sections.find((s) => s.fieldKey === key)?.label || key;
  const lockedSections = sections.filter((s) => locked.has(s.fieldKey)).map((s) => nameOf(s.fieldKey));
  const mySections = Object.entries(report.sectionsUsers).filter(([, users]) => users.includes(myUserId)).map(([k]) => nameOf(k));
  const selectors = useMemo(() => new Map(form.selectors.map((s) => [s.id, s.items])), [form.selectors]);

  const save = useMutation({
    mutationFn: (body: { values: Record<string, unknown>; extras: Record<string, string> }) => saveReportForm(companyId, report.id, { values: body.values as FormValues, extras: body.extras, basedOn }),
    onSuccess: (next) => {
      setError(null);
      setDirtyFrom(null);
      onSaved(next);
    },
    onError: (e) => setError(errorText(e, t("errors.generalError"))),
  });

  const submission = form.submission;
  const readTemplate = form.submissionTemplate ?? workflow;
  const status = (
    <Space orientation="vertical" size={8} className="report-form-status">
      {!taken && !closed && <Alert type="warning" showIcon title={t("forms.reportTab.notTaken")} description={t("forms.reportTab.notTakenHint")} data-testid="report-form-not-taken" />}
      {closed && <Alert type="info" showIcon title={t("forms.reportTab.closed")} />}
      {taken && !report.can.work && <Alert type="info" showIcon title={t("forms.reportTab.readOnlyRole")} />}
      <Typography.Text type="secondary" data-testid="report-form-last-saved">
        {submission
          ? t("forms.reportTab.lastSaved", { name: submission.author?.name || t("forms.reportTab.someone"), date: format(submission.createdAt), version: submission.version })
          : t("forms.reportTab.neverSaved")}
      </Typography.Text>
      {fillable && mySections.length > 0 && <Typography.Text>{t("forms.reportTab.mySections", { names: mySections.join(", ") })}</Typography.Text>}
      {fillable && lockedSections.length > 0 && <Alert type="info" showIcon title={t("forms.reportTab.lockedSections", { names: lockedSections.join(", ") })} data-testid="report-form-locked" />}
      {fillable && submission && submission.version !== workflow.version && <Alert type="info" showIcon title={t("forms.reportTab.newerVersion", { version: workflow.version })} />}
      {newer && dirty && (
        <Alert
          type="warning"
          showIcon
          title={t("forms.reportTab.updatedByOther")}
          action={<Button size="small" onClick={() => setDirtyFrom(null)}>{t("forms.reportTab.reload")}</Button>}
          data-testid="report-form-updated"
        />
      )}
      {error && <Alert type="error" showIcon role="alert" title={error} closable={{ onClose: () => setError(null) }} data-testid="report-form-error" />}
    </Space>
  );

  return (
    <div className="report-form-tab" data-testid="report-form-tab">
      <div className="report-form-head">
        <h2 className="report-form-title">{workflow.title}</h2>
        {isAdmin && sections.length > 0 && !closed && (
          <Button size="small" icon={<TeamOutlined />} onClick={() => setAssigning(true)} data-testid="report-form-assign">
            {t("forms.reportTab.assign")}
          </Button>
        )}
      </div>
      {status}
      {closed || (taken && !fillable) ? (
        submission ? (
          <FormRenderer key={`read-${submission.id}`} template={readTemplate} mode="read" values={submission.values} extras={submission.extras} selectors={selectors} imageUrl={(name) => formFileUrl(companyId, name)} />
        ) : null
      ) : (
        <FormRenderer
          // A new starting copy (another save loaded, or this one's) starts the renderer again.
          key={`fill-${basedOn ?? "new"}-${workflow.version}-${fillable ? "on" : "off"}`}
          template={workflow}
          mode="fill"
          values={basedOn === latestId ? submission?.values : undefined}
          extras={basedOn === latestId ? submission?.extras : undefined}
          selectors={selectors}
          disabled={!fillable}
          lockedKeys={locked}
          onDirty={() => setDirtyFrom((d) => d ?? { from: latestId })}
          onSubmit={(body) => save.mutateAsync(body).then(() => undefined, () => undefined)}
          uploadImage={(file) => uploadTemplateImage(companyId, workflow.id, file)}
          imageUrl={(name) => formFileUrl(companyId, name)}
          mapCenter={{ latitude: report.latitude, longitude: report.longitude }}
          timeZone={settings.company.timezone}
          submitLabel={t("forms.reportTab.save")}
          busy={save.isPending}
        />
      )}
      {assigning && <AssignSections report={report} companyId={companyId} sections={sections} onClose={() => setAssigning(false)} onReport={onReport} />}
    </div>
  );
}

interface AssignSectionsProps {
  report: Report;
  companyId: number;
  sections: FormComponent[];
  onClose(): void;
  onReport(next: Report): void;
}

/** Company admins: who fills each section of the report's form. */
function AssignSections({ report, companyId, sections, onClose, onReport }: AssignSectionsProps): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const toast = useToast();
  const { operators, loading } = useOperators(companyId);
  const [draft, setDraft] = useState<Record<string, number[]>>(() => ({ ...report.sectionsUsers }));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => saveSectionsUsers(companyId, report.id, draft),
    onSuccess: (next) => {
      onReport(next);
      void toast.success(t("forms.reportTab.assignSaved"));
      onClose();
    },
    onError: (e) => setError(errorText(e, t("errors.generalError"))),
  });
  const options = operators.map((o) => ({ value: o.id, label: o.name }));
  return (
    <Modal
      open
      title={t("forms.reportTab.assignTitle")}
      onCancel={onClose}
      onOk={() => save.mutate()}
      okText={t("common.save")}
      cancelText={t("common.cancel")}
      confirmLoading={save.isPending}
      okButtonProps={{ "data-testid": "assign-sections-save" } as Record<string, string>}
    >
      <Typography.Paragraph type="secondary">{t("forms.reportTab.assignHint")}</Typography.Paragraph>
      {sections.map((s) => {
        const id = `assign-${s.fieldKey}`;
        const name = s.label || s.fieldKey;
        return (
          <div key={s.fieldKey} className="report-form-assign-row">
            <label htmlFor={id}>{t("forms.reportTab.assignSection", { name })}</label>
            <Select
              id={id}
              mode="multiple"
              loading={loading}
              allowClear={clearable}
              optionFilterProp="label"
              options={options}
              value={draft[s.fieldKey] ?? []}
              onChange={(users: number[]) => setDraft((d) => ({ ...d, [s.fieldKey]: users }))}
              className="report-form-assign-select"
              data-testid={`assign-section-${s.fieldKey}`}
            />
          </div>
        );
      })}
      {error && <Alert type="error" showIcon role="alert" title={error} />}
    </Modal>
  );
}
