import { useState, type ReactNode } from "react";
import { Button, Flex, Input, Tooltip } from "antd";
import { EditOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useDateFormatter } from "../../../lib/dates";
import "./editable-body.css";

interface EditableBodyProps {
  body: string;
  edited: boolean;
  editedAt: string | null;
  /** The operator wrote it: they may edit it (the server checks the author too). */
  mine: boolean;
  /** Sends the new text; rejects with the API's message. */
  onSave(body: string): Promise<unknown>;
}

/** The text of a comment or note with its "edited" mark (and when), and for its author an edit box. */
export function EditableBody({ body, edited, editedAt, mine, onSave }: EditableBodyProps): ReactNode {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (draft !== null) {
    const text = draft.trim();
    const save = (): void => {
      setSaving(true);
      setError(null);
      onSave(text)
        .then(() => setDraft(null))
        .catch((e: Error) => setError(e.message))
        .finally(() => setSaving(false));
    };
    return (
      <Flex vertical gap={6} className="flag-edit">
        <Input.TextArea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          autoSize={{ minRows: 2, maxRows: 8 }}
          maxLength={4000}
          aria-label={t("reportFlags.editText")}
          status={error ? "error" : undefined}
          data-testid="edit-text"
        />
        {error && (
          <span className="flag-edit__error" role="alert">
            {error}
          </span>
        )}
        <Flex gap={6} justify="flex-end">
          <Button size="small" onClick={() => setDraft(null)} disabled={saving}>
            {t("common.cancel")}
          </Button>
          <Button size="small" type="primary" onClick={save} loading={saving} disabled={text.length === 0} data-testid="edit-save">
            {t("common.save")}
          </Button>
        </Flex>
      </Flex>
    );
  }
  return (
    <>
      <p className="rd-comment__body">
        {body}
        {edited && (
          <Tooltip title={editedAt ? t("reportFlags.editedAt", { date: format(editedAt) ?? "" }) : undefined}>
            <span className="flag-edited" data-testid="edited-mark">
              {" "}
              ({t("reportFlags.edited")})
            </span>
          </Tooltip>
        )}
      </p>
      {mine && (
        <Button type="link" size="small" icon={<EditOutlined />} className="flag-edit__button" onClick={() => setDraft(body)} data-testid="edit-button">
          {t("reportFlags.edit")}
        </Button>
      )}
    </>
  );
}
