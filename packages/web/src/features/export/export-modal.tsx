import { useEffect, useState } from "react";
import { Alert, Button, DatePicker, Flex, Form, Modal, Progress, Select, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { LANGUAGES, REPORT_TYPES, localizedName, type Language } from "@atalaya/shared";
import { isApiError } from "../../lib/api";
import { downloadExport, exportStatus, startExport } from "./export-api";
import { EXPORT_TEXTS, fill } from "./messages";
import { useClearable } from "../../components/use-clearable";

type Phase = { kind: "form" } | { kind: "running"; jobId: number; written: number; total: number } | { kind: "done"; jobId: number; total: number };

/** The export modal (SPEC §2): a window of dates and times and report types, written by a background
 * job whose progress it shows, then a download link. Loaded lazily from the events panel. */
export default function ExportModal({ companyId, open, onClose }: { companyId: number; open: boolean; onClose: () => void }) {
  const { i18n } = useTranslation();
  const clearable = useClearable();
  const lang: Language = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : "es";
  const x = EXPORT_TEXTS[lang];
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
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
          setError(x.failed);
          setPhase({ kind: "form" });
        } else {
          setPhase({ kind: "running", jobId, written: s.rowsWritten, total: s.rowsTotal });
          timer = setTimeout(tick, 700);
        }
      } catch (err) {
        if (!stop) {
          setError(isApiError(err) ? err.message : x.failed);
          setPhase({ kind: "form" });
        }
      }
    };
    let timer = setTimeout(tick, 300);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [companyId, jobId, x.failed]);

  const submit = async () => {
    setError(null);
    const [from, to] = range ?? [null, null];
    if (!from || !to) {
      setError(x.datesRequired);
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
      setError(isApiError(err) ? err.message : x.failed);
    } finally {
      setBusy(false);
    }
  };

  const download = async (id: number) => {
    setError(null);
    try {
      await downloadExport(companyId, id);
    } catch (err) {
      setError(isApiError(err) ? err.message : x.failed);
    }
  };

  const close = () => {
    setPhase({ kind: "form" });
    setError(null);
    onClose();
  };

  return (
    <Modal open={open} title={x.title} onCancel={close} footer={null} destroyOnHidden width={560} data-testid="export-modal">
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label={`${x.from} – ${x.to}`} required htmlFor="export-range">
          <DatePicker.RangePicker
            id="export-range"
            showTime
            format="DD/MM/YYYY HH:mm:ss"
            value={range}
            onChange={(value) => setRange(value)}
            style={{ width: "100%" }}
            aria-label={`${x.from} – ${x.to}`}
            placeholder={[x.from, x.to]}
            disabled={phase.kind === "running"}
          />
        </Form.Item>
        <Form.Item label={x.types} htmlFor="export-types">
          <Select<number[]>
            id="export-types"
            mode="multiple"
            allowClear={clearable}
            value={types}
            onChange={setTypes}
            placeholder={x.allTypes}
            aria-label={x.types}
            optionFilterProp="label"
            disabled={phase.kind === "running"}
            options={REPORT_TYPES.filter((t) => t.active).map((t) => ({ value: t.id, label: localizedName(t.nameLocalized, lang) }))}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary">{x.slow}</Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} role="alert" data-testid="export-error" style={{ marginBottom: 12 }} />}
        {phase.kind === "running" && (
          <div data-testid="export-progress" style={{ marginBottom: 12 }}>
            <Progress percent={phase.total ? Math.round((phase.written / phase.total) * 100) : 0} />
            <Typography.Text>{fill(x.progress, { written: phase.written, total: phase.total })}</Typography.Text>
          </div>
        )}
        {phase.kind === "done" && (
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 12 }}
            message={fill(x.ready, { total: phase.total })}
            action={
              <Button type="link" onClick={() => void download(phase.jobId)} data-testid="export-download">
                {x.download}
              </Button>
            }
          />
        )}
        <Flex justify="end" gap={8}>
          <Button onClick={close}>{x.close}</Button>
          <Button type="primary" htmlType="submit" loading={busy || phase.kind === "running"} data-testid="export-submit">
            {x.export}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
