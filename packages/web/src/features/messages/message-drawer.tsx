import { useState, type ReactNode } from "react";
import { Alert, Button, DatePicker, Drawer, Form, Input, Space, Switch, Typography, Upload } from "antd";
import { DeleteOutlined, PaperClipOutlined } from "@ant-design/icons";
import dayjs, { type Dayjs } from "dayjs";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { MESSAGE_ATTACHMENT_MAX_BYTES, MESSAGE_TITLE_MAX, formatFileSize, type Message } from "@atalaya/shared";
import { isApiError } from "../../lib/api";
import { useSettings } from "../settings";
import { createMessage, fetchMessageZones, messageKeys, removeAttachment, updateMessage, uploadAttachment } from "./messages-api";
import { MessageEditor } from "./message-editor";
import { ZonePicker } from "./zone-picker";

interface MessageDrawerProps {
  companyId: number;
  timeZone: string;
  /** null: a new message. */
  message: Message | null;
  onClose: () => void;
  onSaved: (message: Message) => void;
}

/** A stored instant as the wall-clock time of the company's zone (what the picker shows). */
const toWall = (iso: string, zone: string): Dayjs => dayjs(dayjs(iso).tz(zone).format("YYYY-MM-DDTHH:mm"));
/** The picker's wall-clock time read in the company's zone, as an ISO instant. */
const fromWall = (wall: Dayjs, zone: string): string => dayjs.tz(wall.format("YYYY-MM-DDTHH:mm"), zone).toISOString();

/** Create or edit a message: title, rich-text body, ad flag, schedule date in the company's time zone,
 * addressee zone and one attachment (≤ 3 MB, sizes in Bytes…YB). Saved as a draft. */
export function MessageDrawer({ companyId, timeZone, message, onClose, onSaved }: MessageDrawerProps): ReactNode {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const [title, setTitle] = useState(message?.title ?? "");
  const [body, setBody] = useState(message?.body ?? "");
  const [ad, setAd] = useState(message?.ad ?? false);
  const [schedule, setSchedule] = useState<Dayjs | null>(message?.scheduleDate ? toWall(message.scheduleDate, timeZone) : null);
  const [zoneId, setZoneId] = useState<number | null>(message?.zone.id ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [dropAttachment, setDropAttachment] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [titleProblem, setTitleProblem] = useState(false);
  const [saving, setSaving] = useState(false);
  const zones = useQuery({ queryKey: messageKeys.zones(companyId), queryFn: ({ signal }) => fetchMessageZones(companyId, signal) });
  const existing = dropAttachment ? null : message?.attachment;

  const save = async () => {
    setProblem(null);
    if (!title.trim()) return setTitleProblem(true);
    setSaving(true);
    try {
      const payload = { title: title.trim(), body, ad, scheduleDate: schedule ? fromWall(schedule, timeZone) : null, zoneId };
      let saved = message ? await updateMessage(companyId, message.id, payload) : await createMessage(companyId, payload);
      if (dropAttachment && saved.attachment && !file) saved = await removeAttachment(companyId, saved.id);
      if (file) saved = await uploadAttachment(companyId, saved.id, file);
      onSaved(saved);
    } catch (error) {
      setProblem(isApiError(error) ? error.message : t("errors.generalError"));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      width={720}
      onClose={onClose}
      title={message ? t("massMessages.form.editTitle") : t("massMessages.form.createTitle")}
      className="messages-drawer"
      extra={
        <Space>
          <Button onClick={onClose}>{t("common.cancel")}</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="message-save">
            {t("massMessages.form.save")}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical" onFinish={() => void save()}>
        <Form.Item htmlFor="message-title" label={t("massMessages.form.title")} required validateStatus={titleProblem ? "error" : undefined} help={titleProblem ? t("massMessages.form.titleRequired") : undefined}>
          <Input
            id="message-title"
            value={title}
            maxLength={MESSAGE_TITLE_MAX}
            onChange={(e) => {
              setTitle(e.target.value);
              setTitleProblem(false);
            }}
            data-testid="message-title-input"
          />
        </Form.Item>
        <Form.Item label={t("massMessages.form.body")}>
          <div className="messages-editor" data-testid="message-body">
            <MessageEditor value={body} onChange={setBody} label={t("massMessages.form.body")} />
          </div>
        </Form.Item>
        <Form.Item label={t("massMessages.form.ad")}>
          <Switch checked={ad} onChange={setAd} aria-label={t("massMessages.form.ad")} data-testid="message-ad" />
        </Form.Item>
        <Form.Item label={t("massMessages.form.schedule", { timezone: timeZone })} extra={t("massMessages.form.scheduleHint")}>
          <DatePicker showTime={{ format: "HH:mm" }} format="DD/MM/YYYY HH:mm" value={schedule} onChange={setSchedule} data-testid="message-schedule" />
        </Form.Item>
        <Form.Item label={t("massMessages.form.attachment")}>
          <Space direction="vertical">
            <Upload
              maxCount={1}
              showUploadList={false}
              beforeUpload={(f) => {
                if (f.size > MESSAGE_ATTACHMENT_MAX_BYTES) setProblem(t("massMessages.form.tooLarge", { size: formatFileSize(f.size) }));
                else {
                  setProblem(null);
                  setFile(f);
                }
                return false;
              }}
            >
              <Button icon={<PaperClipOutlined />} data-testid="message-attach">
                {t("massMessages.form.attach")}
              </Button>
            </Upload>
            {(file || existing) && (
              <Typography.Text data-testid="message-attachment">
                {file ? file.name : (existing!.originalName ?? existing!.name)} · {formatFileSize(file ? file.size : existing!.size)}
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t("massMessages.form.removeAttachment")}
                  onClick={() => {
                    setFile(null);
                    setDropAttachment(true);
                  }}
                />
              </Typography.Text>
            )}
          </Space>
        </Form.Item>
        <Form.Item label={t("massMessages.form.zone")}>
          <ZonePicker
            companyId={companyId}
            center={settings.company.bound}
            timeZone={timeZone}
            zones={zones.data}
            value={zoneId}
            onChange={setZoneId}
          />
        </Form.Item>
        {problem && <Alert type="error" showIcon message={problem} data-testid="message-problem" />}
      </Form>
    </Drawer>
  );
}
