import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { TagChip } from "../../../components/tag-chip";
import { Alert, App, Badge, Button, Card, Form, Input, Segmented, Select, Tag, Tooltip, Typography } from "antd";
import { useToast } from "../../../lib/use-toast";
import { isApiError } from "../../../lib/api";
import { LockOutlined, SaveOutlined, SyncOutlined, UndoOutlined, WarningOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { useBlocker } from "react-router";
import { useTranslation } from "react-i18next";
import {
  DRUGS_TYPE_ID,
  PRIORITIES,
  REPORT_CATEGORIES,
  REPORT_TYPES,
  localizedName,
  type Priority,
  type Report,
  type UpdateReport,
} from "@atalaya/shared";
import { actionErrorMessage, isVersionConflict } from "./action-errors";
import { updateReport } from "./detail-api";
import { PriorityLabel, StatusTag, useTypeName } from "./detail-ui";
import { ReportTypeIcon } from "../../../components/report-type-visual";
import {
  afterSave,
  buildUpdate,
  currentValues,
  dirtyFields,
  discardEdit,
  editField,
  initialFormState,
  mergeServerReport,
  needsDrugsConfirmation,
  type FormField,
  type FormState,
  type FormValues,
} from "./form-merge";
import { isClosedStatus, isOpenStatus } from "./live-updates";
import { useTags } from "../../directory";

const LIVE_NOTICE_MS = 8000;

function lockReason(report: Report): string | null {
  if (report.can.work) return null;
  if (report.displayStatus === "in_deleting_progress") return "reportDetail.form.lockedDeleted";
  if (report.status === "pending") return "reportDetail.form.locked";
  if (isClosedStatus(report.status)) return "reportDetail.form.lockedClosed";
  return "reportDetail.form.lockedNoPermission";
}

function sentValues(body: UpdateReport): Partial<FormValues> {
  const sent: Partial<FormValues> = {};
  if (body.priority !== undefined) sent.priority = body.priority;
  if (body.status !== undefined) sent.status = body.status;
  if (body.type !== undefined) sent.type = body.type;
  if (body.tagIds !== undefined) sent.tagIds = body.tagIds;
  if (body.observations !== undefined) sent.observations = body.observations ?? "";
  return sent;
}

interface ReportFormProps {
  report: Report;
  companyId: number;
  /** Highest report version this screen produced itself (its saves, take, assignments…). */
  ownVersion: number;
  onReport(report: Report): void;
  onRefetch(): void;
}

/**
 * The management form (priority, status, type, tags, observations), unusable until the report is
 * taken. Saves send the loaded `version`; live changes by colleagues refresh the fields nobody is
 * editing and never overwrite what the operator is typing (conflicts are shown field by field).
 */
export function ReportForm({ report, companyId, ownVersion, onReport, onRefetch }: ReportFormProps): ReactNode {
  // Ties each label to its select, so the select has the label as its accessible name.
  const ids = useId();
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const typeName = useTypeName();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const companyTags = useTags(companyId);

  const [form, setForm] = useState<FormState>(() => initialFormState(report));
  const [seen, setSeen] = useState<Report>(report);
  const [conflicts, setConflicts] = useState<FormField[]>([]);
  const [liveChanged, setLiveChanged] = useState<FormField[]>([]);

  // A newer report (live event, refetch, another action) is merged while rendering, so the fields on
  // screen never show a stale value for a frame.
  if (report !== seen) {
    const result = mergeServerReport(form, report);
    setSeen(report);
    setForm(result.state);
    if (result.conflicts.length > 0) setConflicts((previous) => [...new Set([...previous, ...result.conflicts])]);
    const byColleague = report.version > ownVersion && seen.can.work && report.can.work;
    const notable = result.changed.filter((field) => !result.conflicts.includes(field) && !result.echoed.includes(field));
    if (byColleague && notable.length > 0) setLiveChanged(notable);
  }

  useEffect(() => {
    if (liveChanged.length === 0) return undefined;
    const timer = setTimeout(() => setLiveChanged([]), LIVE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [liveChanged]);

  const values = currentValues(form);
  const dirty = dirtyFields(form);
  const hasDirty = dirty.length > 0;

  // Unsaved text is never dropped silently: leaving the report (or the page) asks first.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => hasDirty && currentLocation.pathname !== nextLocation.pathname);
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== "blocked" || asking.current) return;
    asking.current = true;
    void modal.confirm({
      title: t("reportDetail.form.leaveTitle"),
      content: t("reportDetail.form.leaveText"),
      okText: t("reportDetail.form.leaveOk"),
      okButtonProps: { danger: true },
      cancelText: t("reportDetail.form.stay"),
      onOk: () => {
        asking.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, modal, t]);
  useEffect(() => {
    if (!hasDirty) return undefined;
    const warn = (event: BeforeUnloadEvent): void => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [hasDirty]);
  const locked = lockReason(report);
  const disabled = locked !== null;

  const save = useMutation({
    mutationFn: (body: UpdateReport) => updateReport(companyId, report.id, body),
    onSuccess: (saved, body) => {
      // Form first, cache second: the merge then sees nothing new and shows no "colleague" notice.
      setForm((previous) => afterSave(previous, sentValues(body), saved));
      setSeen(saved);
      setConflicts([]);
      onReport(saved);
      void message.success(t("reportDetail.success.saved"));
    },
    onError: (error, body) => {
      // A save that assigned tags and failed for no reason of its own says so (SPEC §8 tag assign retry).
      const tagsFailed = body.tagIds !== undefined && isApiError(error) && (error.status === 0 || error.status >= 500);
      void message.error(tagsFailed ? t("organisation.tags.assignError") : actionErrorMessage(error, "update", t));
      // The operator's text stays in the form; the refetched report shows what the colleague changed.
      if (isVersionConflict(error)) onRefetch();
    },
  });

  const submit = (): void => {
    if (needsDrugsConfirmation(form)) {
      void modal.confirm({
        title: t("reportDetail.form.drugsTitle"),
        content: t("reportDetail.form.drugsText"),
        okText: t("reportDetail.form.drugsOk"),
        okButtonProps: { danger: true },
        cancelText: t("reportDetail.confirm.cancel"),
        icon: <WarningOutlined style={{ color: "#fa541c" }} />,
        onOk: () => {
          const body = buildUpdate(form, { confirmDrugs: true });
          if (body) save.mutate(body);
        },
      });
      return;
    }
    const body = buildUpdate(form);
    if (body) save.mutate(body);
  };

  const set = <F extends FormField>(field: F, value: FormValues[F]): void => {
    setForm((previous) => editField(previous, field, value));
    setLiveChanged((previous) => previous.filter((item) => item !== field));
  };

  const typeOptions = useMemo(
    () =>
      REPORT_CATEGORIES.map((category) => ({
        label: localizedName(category.nameLocalized, lang),
        title: localizedName(category.nameLocalized, lang),
        options: REPORT_TYPES.filter((type) => type.category_id === category.id && (type.active || type.id === report.type)).map((type) => ({
          value: type.id,
          title: localizedName(type.nameLocalized, lang),
          label: (
            <span className="rd-dot-label">
              <ReportTypeIcon typeId={type.id} size={18} />
              {localizedName(type.nameLocalized, lang)}
              {type.id === DRUGS_TYPE_ID && <LockOutlined className="rd-muted" />}
            </span>
          ),
        })),
      })).filter((group) => group.options.length > 0),
    [lang, report.type],
  );

  const tagName = (id: number): string =>
    companyTags?.find((tag) => tag.id === id)?.name ?? report.tags.find((tag) => tag.id === id)?.name ?? `#${id}`;

  const describe = (field: FormField, value: FormValues[FormField]): string => {
    switch (field) {
      case "priority":
        return t(`reportDetail.priority.${value as Priority}`);
      case "status":
        return t(`statuses.${String(value)}`);
      case "type":
        return typeName(value as number);
      case "tagIds":
        return (value as number[]).map(tagName).join(", ") || t("reportDetail.form.noTags");
      default:
        return String(value).trim() || t("reportDetail.form.emptyValue");
    }
  };

  const label = (field: FormField, text: string): ReactNode => (
    <span className="rd-field-label">
      {text}
      {dirty.includes(field) && <Badge status="warning" className="rd-field-label__dirty" />}
      {liveChanged.includes(field) && (
        <Tag color="blue" icon={<SyncOutlined />} className="rd-field-label__live">
          {t("reportDetail.refreshed")}
        </Tag>
      )}
    </span>
  );
  const fieldClass = (field: FormField): string => (liveChanged.includes(field) ? "rd-field rd-field--live" : "rd-field");

  return (
    <Card
      size="small"
      className="rd-card rd-form-card"
      title={t("reportDetail.form.title")}
      data-testid="report-form"
      data-disabled={disabled}
      extra={
        !disabled && (
          <Typography.Text type={dirty.length > 0 ? "warning" : "secondary"} className="rd-form__state" data-testid="form-state">
            {dirty.length > 0 ? t("reportDetail.form.unsaved", { count: dirty.length }) : t("reportDetail.form.upToDate")}
          </Typography.Text>
        )
      }
    >
      {locked && (
        <Alert
          type={report.status === "pending" ? "warning" : "info"}
          showIcon
          icon={<LockOutlined />}
          className="rd-form__locked"
          title={t(locked)}
          description={report.status === "pending" && !report.deletedAt ? t("reportDetail.form.lockedHint") : undefined}
          data-testid="form-locked"
        />
      )}

      {conflicts.length > 0 && (
        <Alert
          type="warning"
          showIcon
          className="rd-form__conflict"
          data-testid="form-conflict"
          title={t("reportDetail.form.conflictTitle")}
          description={
            <div className="rd-conflicts">
              <span>{t("reportDetail.form.conflictText")}</span>
              {conflicts.map((field) => (
                <div key={field} className="rd-conflict">
                  <strong>{t(`reportDetail.form.fields.${field}`)}</strong>
                  <span className="rd-conflict__theirs">
                    {t("reportDetail.form.theirValue", { value: describe(field, form.base[field]) })}
                  </span>
                  <span className="rd-conflict__actions">
                    <Button
                      size="small"
                      onClick={() => {
                        setForm((previous) => discardEdit(previous, field));
                        setConflicts((previous) => previous.filter((item) => item !== field));
                      }}
                    >
                      {t("reportDetail.form.useTheirs")}
                    </Button>
                    <Button size="small" type="link" onClick={() => setConflicts((previous) => previous.filter((item) => item !== field))}>
                      {t("reportDetail.form.keepMine")}
                    </Button>
                  </span>
                </div>
              ))}
            </div>
          }
        />
      )}

      <Form layout="vertical" disabled={disabled} className="rd-form" onFinish={submit} requiredMark={false}>
        <div className="rd-form__grid">
          <Form.Item label={label("priority", t("reportDetail.form.priority"))} className={fieldClass("priority")} htmlFor={`${ids}-priority`}>
            <Select<Priority>
              value={values.priority}
              onChange={(value) => set("priority", value)}
              options={[...PRIORITIES].reverse().map((priority) => ({ value: priority, label: <PriorityLabel priority={priority} /> }))}
              id={`${ids}-priority`}
              data-testid="form-priority"
            />
          </Form.Item>

          <Form.Item label={label("status", t("reportDetail.form.status"))} className={fieldClass("status")}>
            {isOpenStatus(values.status) ? (
              <Segmented<"in_progress" | "in_observation">
                block
                value={values.status as "in_progress" | "in_observation"}
                onChange={(value) => set("status", value)}
                options={[
                  { value: "in_progress", label: t("statuses.in_progress") },
                  { value: "in_observation", label: t("statuses.in_observation") },
                ]}
                disabled={disabled}
                data-testid="form-status"
              />
            ) : (
              <div className="rd-form__static">
                <StatusTag report={report} />
              </div>
            )}
          </Form.Item>

          <Form.Item label={label("type", t("reportDetail.form.type"))} className={fieldClass("type")} htmlFor={`${ids}-type`}>
            <Select<number>
              value={values.type}
              onChange={(value) => set("type", value)}
              options={typeOptions}
              showSearch={{ optionFilterProp: "title" }}
              labelRender={({ value }) => (
                <span className="rd-dot-label">
                  <ReportTypeIcon typeId={Number(value)} size={18} />
                  {typeName(Number(value))}
                </span>
              )}
              id={`${ids}-type`}
              data-testid="form-type"
            />
          </Form.Item>

          <Form.Item
            label={label("tagIds", t("reportDetail.form.tags"))}
            className={fieldClass("tagIds")}
            htmlFor={companyTags ? `${ids}-tags` : undefined}
          >
            {companyTags ? (
              <Select<number[]>
                mode="multiple"
                value={values.tagIds}
                onChange={(value) => set("tagIds", value)}
                placeholder={t("reportDetail.form.tagsPlaceholder")}
                options={companyTags.map((tag) => ({ value: tag.id, label: tag.name, title: tag.name }))}
                showSearch={{ optionFilterProp: "title" }}
                maxTagCount="responsive"
                id={`${ids}-tags`}
                data-testid="form-tags"
              />
            ) : (
              <div className="rd-form__static rd-form__tags" data-testid="form-tags">
                {report.tags.length > 0 ? (
                  report.tags.map((tag) => (
                    <TagChip key={tag.id} name={tag.name} color={tag.color} />
                  ))
                ) : (
                  <span className="rd-muted">{t("reportDetail.form.noTags")}</span>
                )}
              </div>
            )}
          </Form.Item>
        </div>

        <Form.Item label={label("observations", t("reportDetail.form.observations"))} className={fieldClass("observations")}>
          <Input.TextArea
            value={values.observations}
            onChange={(event) => set("observations", event.target.value)}
            autoSize={{ minRows: 3, maxRows: 10 }}
            maxLength={4000}
            placeholder={t("reportDetail.form.observationsPlaceholder")}
            data-testid="form-observations"
          />
        </Form.Item>

        {!disabled && (
          <div className="rd-form__footer">
            <Tooltip title={t("reportDetail.form.discard")}>
              <Button
                icon={<UndoOutlined />}
                disabled={dirty.length === 0 || save.isPending}
                onClick={() => {
                  setForm(initialFormState(report));
                  setConflicts([]);
                }}
                data-testid="form-discard"
              >
                {t("reportDetail.form.discard")}
              </Button>
            </Tooltip>
            <Button
              type="primary"
              htmlType="submit"
              icon={<SaveOutlined />}
              disabled={dirty.length === 0}
              loading={save.isPending}
              data-testid="form-save"
            >
              {t("reportDetail.form.save")}
            </Button>
          </div>
        )}
      </Form>
    </Card>
  );
}
