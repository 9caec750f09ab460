import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Alert, Button, DatePicker, Form, Input, Radio, Result, Skeleton, Typography, Upload, type UploadFile } from "antd";
import { DeleteOutlined, EditOutlined, PaperClipOutlined } from "@ant-design/icons";
import type { Dayjs } from "dayjs";
import type { Map as MapLibreMap } from "maplibre-gl";
import { Link, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import {
  DEFAULT_MAX_UPLOAD_MB,
  DEFAULT_TIMEZONE,
  LAW_ENFORCEMENT_MAX_FILES,
  MAP_ZOOM,
  normalizeZonePolygon,
  zoneShapeProblem,
  type ZonePolygon,
} from "@atalaya/shared";
import { CompanyMap } from "../../components/map/company-map";
import { zoneDraw, type ZoneDraw } from "../../components/map/zone-draw";
import { isApiError } from "../../lib/api";
import { VisitorFrame } from "../signup";
import { linkEmail, submitRequest } from "./law-enforcement-api";

const SANTIAGO = { latitude: -33.4489, longitude: -70.6693 };
// What the server accepts (checked again there by content): PDF, JPEG, PNG.
const FILE_ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";
const FILE_TYPES = /^(application\/pdf|image\/jpeg|image\/png)$|\.(pdf|jpe?g|png)$/i;

/** The area of a request, drawn with the shared zone drawing. */
function AreaPicker({ value, onChange }: { value: ZonePolygon | null; onChange: (p: ZonePolygon | null) => void }): ReactNode {
  const { t } = useTranslation();
  const draw = useRef<ZoneDraw | null>(null);
  const onLoad = useCallback(
    (m: MapLibreMap) => {
      draw.current = zoneDraw(m, (shape) => onChange(shape && !zoneShapeProblem(shape) ? normalizeZonePolygon(shape) : null));
      return () => draw.current?.stop();
    },
    [onChange],
  );
  return (
    <div className="signup-map-wrap le-map-wrap">
      <CompanyMap center={SANTIAGO} zoom={MAP_ZOOM.signUp} timeZone={DEFAULT_TIMEZONE} label={t("lawEnforcement.area")} onLoad={onLoad} testId="le-map" />
      <Button
        className="signup-map__draw"
        danger={Boolean(value)}
        icon={value ? <DeleteOutlined /> : <EditOutlined />}
        onClick={() => (value ? draw.current?.clear() : draw.current?.draw())}
      >
        {value ? t("signup.map.delete") : t("signup.map.draw")}
      </Button>
    </div>
  );
}

/** `/v3/law-enforcement/form?token=`: the request form reached from the mailed link. */
export function LawEnforcementFormPage(): ReactNode {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [email, setEmail] = useState<string | null | undefined>(undefined);
  const [values, setValues] = useState({ agency: "", officerName: "", officerRank: "", caseNumber: "", legalBasis: "", reportIds: "", attachments: "" });
  const [mode, setMode] = useState<"reports" | "area">("reports");
  const [area, setArea] = useState<ZonePolygon | null>(null);
  const [window, setWindow] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reference, setReference] = useState<string | null>(null);
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    linkEmail(token)
      .then((e) => live && setEmail(e))
      .catch(() => live && setEmail(null));
    return () => {
      live = false;
    };
  }, [token]);

  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const ids = values.reportIds.split(/[\s,;]+/).filter(Boolean).map(Number);
  const targetOk = mode === "reports" ? ids.length > 0 && ids.every((n) => Number.isInteger(n) && n > 0) : area !== null && Boolean(window?.[0] && window[1]);
  const ok = ["agency", "officerName", "officerRank", "caseNumber", "legalBasis"].every((k) => values[k as keyof typeof values].trim()) && targetOk;

  const submit = async () => {
    setSending(true);
    setError(null);
    try {
      const ref = await submitRequest({
        token,
        agency: values.agency,
        officerName: values.officerName,
        officerRank: values.officerRank,
        caseNumber: values.caseNumber,
        legalBasis: values.legalBasis,
        reportIds: mode === "reports" ? ids : [],
        ...(mode === "area" && area && window?.[0] && window[1] ? { area, windowStart: window[0].toISOString(), windowEnd: window[1].toISOString() } : {}),
        attachments: values.attachments.split(/\s+/).filter(Boolean),
      }, files.flatMap((f) => (f.originFileObj ? [f.originFileObj] : [])));
      setReference(ref);
    } catch (err) {
      setError(isApiError(err) ? (err.fields[0]?.message ?? err.message) : t("errors.generalError"));
    } finally {
      setSending(false);
    }
  };

  let content: ReactNode;
  if (email === undefined) content = <Skeleton active />;
  else if (email === null)
    content = (
      <Result status="warning" title={<h1 style={{ fontSize: 22, margin: 0 }}>{t("lawEnforcement.formTitle")}</h1>} subTitle={t("lawEnforcement.linkInvalid")} extra={<Link to="/v3/law-enforcement/access">{t("lawEnforcement.requestAgain")}</Link>} data-testid="le-link-invalid" />
    );
  else if (reference)
    content = <Result status="success" title={<h1 style={{ fontSize: 24, margin: 0 }}>{t("lawEnforcement.doneTitle")}</h1>} subTitle={t("lawEnforcement.doneText", { reference })} data-testid="le-done" />;
  else
    content = (
      <>
        <Typography.Title level={1} style={{ fontSize: 28, marginBottom: 4 }}>
          {t("lawEnforcement.formTitle")}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t("lawEnforcement.formSubtitle", { email })}</Typography.Paragraph>
        <Form layout="vertical" requiredMark={false} size="large" onFinish={() => void submit()} disabled={sending}>
          {(["agency", "officerName", "officerRank", "caseNumber"] as const).map((k) => (
            <Form.Item key={k} label={t(`lawEnforcement.${k}`)} htmlFor={`le-${k}`}>
              <Input id={`le-${k}`} maxLength={k === "caseNumber" ? 60 : 120} value={values[k]} onChange={set(k)} data-testid={`le-${k}`} />
            </Form.Item>
          ))}
          <Form.Item label={t("lawEnforcement.legalBasis")} htmlFor="le-legalBasis">
            <Input.TextArea id="le-legalBasis" rows={3} maxLength={2000} value={values.legalBasis} onChange={set("legalBasis")} data-testid="le-legalBasis" />
          </Form.Item>
          <Form.Item label={t("lawEnforcement.requested")}>
            <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as "reports" | "area")} optionType="button" options={[{ value: "reports", label: t("lawEnforcement.byReports") }, { value: "area", label: t("lawEnforcement.byArea") }]} />
          </Form.Item>
          {mode === "reports" ? (
            <Form.Item label={t("lawEnforcement.reportIds")} htmlFor="le-reportIds" extra={t("lawEnforcement.reportIdsHelp")}>
              <Input id="le-reportIds" value={values.reportIds} onChange={set("reportIds")} inputMode="numeric" data-testid="le-reportIds" />
            </Form.Item>
          ) : (
            <>
              <Form.Item label={t("lawEnforcement.area")}>
                <AreaPicker value={area} onChange={setArea} />
              </Form.Item>
              <Form.Item label={t("lawEnforcement.window")} htmlFor="le-window">
                <DatePicker.RangePicker id={{ start: "le-window" }} showTime value={window} onChange={(v) => setWindow(v)} style={{ width: "100%" }} />
              </Form.Item>
            </>
          )}
          <Form.Item label={t("lawEnforcement.files")} extra={t("lawEnforcement.filesHelp", { count: LAW_ENFORCEMENT_MAX_FILES, max: DEFAULT_MAX_UPLOAD_MB })}>
            <Upload
              accept={FILE_ACCEPT}
              multiple
              fileList={files}
              // Kept here and sent with the form: nothing is uploaded before the request is.
              beforeUpload={(file) => {
                setFileProblem(null);
                if (!FILE_TYPES.test(file.type) && !FILE_TYPES.test(file.name)) {
                  setFileProblem(t("lawEnforcement.fileType", { name: file.name }));
                  return Upload.LIST_IGNORE;
                }
                if (file.size > DEFAULT_MAX_UPLOAD_MB * 1024 * 1024) {
                  setFileProblem(t("lawEnforcement.fileTooLarge", { name: file.name, max: DEFAULT_MAX_UPLOAD_MB }));
                  return Upload.LIST_IGNORE;
                }
                return false;
              }}
              onChange={({ fileList }) => {
                if (fileList.length > LAW_ENFORCEMENT_MAX_FILES) setFileProblem(t("lawEnforcement.tooManyFiles", { count: LAW_ENFORCEMENT_MAX_FILES }));
                setFiles(fileList.slice(0, LAW_ENFORCEMENT_MAX_FILES));
              }}
              data-testid="le-files"
            >
              <Button icon={<PaperClipOutlined />} disabled={sending || files.length >= LAW_ENFORCEMENT_MAX_FILES}>
                {t("lawEnforcement.addFiles")}
              </Button>
            </Upload>
            {fileProblem && (
              <div role="alert" className="ant-form-item-explain-error" style={{ marginTop: 4 }} data-testid="le-file-problem">
                {fileProblem}
              </div>
            )}
          </Form.Item>
          <Form.Item label={t("lawEnforcement.attachments")} htmlFor="le-attachments" extra={t("lawEnforcement.attachmentsHelp")}>
            <Input.TextArea id="le-attachments" rows={2} value={values.attachments} onChange={set("attachments")} data-testid="le-attachments" />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" data-testid="le-form-error" />}
          <Button type="primary" htmlType="submit" block loading={sending} disabled={!ok} data-testid="le-form-submit">
            {t("lawEnforcement.submit")}
          </Button>
        </Form>
      </>
    );

  return (
    <VisitorFrame wide={mode === "area"} testId="law-enforcement-form">
      <div className="visitor-card">{content}</div>
    </VisitorFrame>
  );
}
