import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button, Input, Tooltip, Typography, Upload, type GetRef } from "antd";
import { CloseOutlined, PaperClipOutlined, SendOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { formatSize } from "./attachments";

interface ComposerProps {
  placeholder: string;
  submitLabel: string;
  hint: ReactNode;
  accept: string;
  /** Why a picked file cannot be attached (a translated text), or null. */
  validateFile(file: File): string | null;
  /** Why this text cannot be sent (e.g. the same author already wrote it), or null. */
  validateBody?(body: string): string | null;
  /** Sends; resolves true when the text and file can be cleared. */
  onSubmit(body: string, file: File | null): Promise<boolean>;
  sending: boolean;
  testIds: { input: string; send: string; attach: string };
  /** Extra controls in the bar (e.g. an automatic answer picker); `edit` changes the text and focuses the box. */
  tools?(edit: (change: (body: string) => string) => void): ReactNode;
}

/** A text box with an optional single attachment and a send button (Ctrl/⌘+Enter sends). */
export function Composer(props: ComposerProps): ReactNode {
  const { t } = useTranslation();
  const [body, setBody] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const inputRef = useRef<GetRef<typeof Input.TextArea>>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  // After a tool changed the text, so the caret lands at its end.
  useEffect(() => {
    if (focusRequest > 0) inputRef.current?.focus({ cursor: "end" });
  }, [focusRequest]);

  const edit = (change: (current: string) => string): void => {
    setBody((current) => change(current).slice(0, 4000));
    setFocusRequest((count) => count + 1);
  };

  const trimmed = body.trim();
  const bodyProblem = trimmed && props.validateBody ? props.validateBody(trimmed) : null;

  const send = async (): Promise<void> => {
    if (!trimmed || props.sending || bodyProblem) return;
    if (await props.onSubmit(trimmed, file)) {
      setBody("");
      setFile(null);
      setProblem(null);
    }
  };

  return (
    <div className="rd-composer">
      <Input.TextArea
        ref={inputRef}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            void send();
          }
        }}
        placeholder={props.placeholder}
        autoSize={{ minRows: 2, maxRows: 8 }}
        maxLength={4000}
        data-testid={props.testIds.input}
        status={bodyProblem ? "warning" : undefined}
      />
      {file && (
        <div className="rd-composer__file" data-testid="composer-file">
          <PaperClipOutlined />
          <span className="rd-composer__file-name">{file.name}</span>
          <span className="rd-muted">{formatSize(file.size)}</span>
          <Tooltip title={t("reportDetail.comments.removeFile")}>
            <Button size="small" type="text" icon={<CloseOutlined />} onClick={() => setFile(null)} aria-label={t("reportDetail.comments.removeFile")} />
          </Tooltip>
        </div>
      )}
      {(problem || bodyProblem) && (
        <Typography.Text type="warning" className="rd-composer__problem" role="alert">
          {problem ?? bodyProblem}
        </Typography.Text>
      )}
      <div className="rd-composer__bar">
        <Upload
          accept={props.accept}
          showUploadList={false}
          maxCount={1}
          beforeUpload={(picked) => {
            const reason = props.validateFile(picked);
            setProblem(reason);
            if (!reason) setFile(picked);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<PaperClipOutlined />} data-testid={props.testIds.attach}>
            {t("reportDetail.comments.attach")}
          </Button>
        </Upload>
        {props.tools?.(edit)}
        <span className="rd-composer__hint">{props.hint}</span>
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={() => void send()}
          loading={props.sending}
          disabled={!trimmed || bodyProblem !== null}
          data-testid={props.testIds.send}
        >
          {props.submitLabel}
        </Button>
      </div>
    </div>
  );
}
