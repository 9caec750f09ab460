import { useEffect, useState } from "react";
import { Alert, Button, DatePicker, Flex, Form, Modal, Progress, Select, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { EXPORT_DEFAULT_WINDOW_MS, REPORT_TYPES, localizedName } from "@atalaya/shared";
import { isApiError } from "../../lib/api";
import { downloadExport, exportStatus, startExport } from "./export-api";
import { useClearable } from "../../components/use-clearable";

type Range = [Dayjs | null, Dayjs | null] | null;

/** The window the modal opens with (SPEC §9: the last day, up to now), to the second as the picker shows it. */
function defaultWindow(): Range {
  const to = dayjs().startOf("second");
  return [to.subtract(EXPORT_DEFAULT_WINDOW_MS, "millisecond"), to];
}

type Phase = { kind: "form" } | { kind: "running"; jobId: number; written: number; total: number } | { kind: "done"; jobId: number; total: number };

/** The export modal (SPEC §2): a window of dates and times (the last day to start with) and report types,
 * written by a background job whose progress it shows, then a download link. Loaded lazily by
 * ExportButton. */
export default function ExportModal({ companyId, open, onClose }: { companyId: number; open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const failed = t("export.failed");
  const clearable = useClearable();
  // ExportButton mounts the modal afresh on each opening: the last day up to that moment.
  const [range, setRange] = useState<Range>(defaultWindow);
  const [types, setTypes] = useState<number[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: "form" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const jobId = phase.kind === "running" ? phase.jobId : null;
  useEffect(() => {
    if (jobId === null) return;
    let stop = false;
    const tick = async () => {
      try {
        const s = await exportStatus(companyId, jobId);
        if (stop) return;
        if (s.state === "done") setPhase({ kind: "done", jobId, total: s.rowsTotal });
        else if (s.state === "failed") {
          setError(failed);
          setPhase({ kind: "form" });
        } else {
          setPhase({ kind: "running", jobId, written: s.rowsWritten, total: s.rowsTotal });
          timer = setTimeout(tick, 700);
        }
      } catch (err) {
        if (!stop) {
          setError(isApiError(err) ? err.message : failed);
          setPhase({ kind: "form" });
        }
      }
    };
    let timer = setTimeout(tick, 300);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [companyId, jobId, failed]);

  const submit = async () => {
    setError(null);
    const [from, to] = range ?? [null, null];
    if (!from || !to) {
      setError(t("export.datesRequired"));
      return;
    }
    setBusy(true);
    try {
      const id = await startExport(companyId, {
        start_date: from.format("DD/MM/YYYY"),
        start_time: from.format("HH:mm:ss"),
        end_date: to.format("DD/MM/YYYY"),
        end_time: to.format("HH:mm:ss"),
        ...(types.length ? { typeSelected: types.join(",") } : {}),
        timezone: from.format("Z"),
      });
      setPhase({ kind: "running", jobId: id, written: 0, total: 0 });
    } catch (err) {
      setError(isApiError(err) ? err.message : failed);
    } finally {
      setBusy(false);
    }
  };

  const download = async (id: number) => {
    setError(null);
    try {
      await downloadExport(companyId, id);
    } catch (err) {
      setError(isApiError(err) ? err.message : failed);
    }
  };

  const close = () => {
    setPhase({ kind: "form" });
    setError(null);
    onClose();
  };

  return (
    <Modal open={open} title={t("export.title")} onCancel={close} footer={null} destroyOnHidden width={560} data-testid="export-modal">
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label={`${t("export.from")} – ${t("export.to")}`} required htmlFor="export-range">
          <DatePicker.RangePicker
            id="export-range"
            showTime
            format="DD/MM/YYYY HH:mm:ss"
            value={range}
            onChange={(value) => setRange(value)}
            style={{ width: "100%" }}
            aria-label={`${t("export.from")} – ${t("export.to")}`}
            placeholder={[t("export.from"), t("export.to")]}
            disabled={phase.kind === "running"}
          />
        </Form.Item>
        <Form.Item label={t("export.types")} htmlFor="export-types">
          <Select<number[]>
            id="export-types"
            mode="multiple"
            allowClear={clearable}
            value={types}
            onChange={setTypes}
            placeholder={t("export.allTypes")}
            aria-label={t("export.types")}
            optionFilterProp="label"
            disabled={phase.kind === "running"}
            options={REPORT_TYPES.filter((type) => type.active).map((type) => ({ value: type.id, label: localizedName(type.nameLocalized, lang) }))}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t("export.slow")}</Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} role="alert" data-testid="export-error" style={{ marginBottom: 12 }} />}
        {phase.kind === "running" && (
          <div data-testid="export-progress" style={{ marginBottom: 12 }}>
            <Progress percent={phase.total ? Math.round((phase.written / phase.total) * 100) : 0} />
            <Typography.Text>{t("export.progress", { written: phase.written, total: phase.total })}</Typography.Text>
          </div>
        )}
        {phase.kind === "done" && (
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 12 }}
            message={t("export.ready", { total: phase.total })}
            action={
              <Button type="link" onClick={() => void download(phase.jobId)} data-testid="export-download">
                {t("export.download")}
              </Button>
            }
          />
        )}
        <Flex justify="end" gap={8}>
          <Button onClick={close}>{t("export.close")}</Button>
          <Button type="primary" htmlType="submit" loading={busy || phase.kind === "running"} data-testid="export-submit">
            {t("export.export")}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
