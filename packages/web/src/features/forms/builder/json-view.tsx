import { useRef, type ReactNode } from "react";
import { Button, Space } from "antd";
import { CopyOutlined, DownloadOutlined, ImportOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { formFileStem, formTemplateBodySchema, type FormTemplateBody } from "@atalaya/shared";
import { useToast } from "../../../lib/use-toast";
import { copyText } from "../../../lib/clipboard";

/** The template as JSON: copy, download, and import of a downloaded JSON checked with the shared schema
 * (SPEC §8 texts: 'Error copying JSON', 'Error downloading JSON: ', 'Validation errors: '). */
export function JsonView({ draft, onImport }: { draft: FormTemplateBody; onImport: (body: FormTemplateBody) => void }): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const json = JSON.stringify(draft, null, 2);
  const fileName = `${formFileStem(draft.title).toLowerCase()}.json`;

  const copy = async () => {
    if (await copyText(json)) toast.success(t("forms.json.copied"));
    else toast.error(t("forms.json.copyError"));
  };
  const download = () => {
    try {
      const url = URL.createObjectURL(new Blob([json], { type: "application/json" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = fileName;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      toast.error(t("forms.json.downloadError") + (err instanceof Error ? err.message : String(err)));
    }
  };
  const importFile = async (file: File | undefined) => {
    if (!file) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      toast.error(t("forms.json.importNotJson"));
      return;
    }
    const r = formTemplateBodySchema.safeParse(parsed);
    if (!r.success) {
      const list = r.error.issues.slice(0, 5).map((i) => `${i.path.join(".")}: ${t(`forms.rules.${i.message}`, { defaultValue: i.message })}`);
      toast.error(t("forms.json.importInvalid") + list.join("; "));
      return;
    }
    onImport(parsed as FormTemplateBody);
    toast.success(t("forms.json.imported"));
  };

  return (
    <div className="builder-json" data-testid="builder-json">
      <Space wrap className="builder-json-actions">
        <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="json-copy">
          {t("forms.json.copy")}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download} data-testid="json-download">
          {t("forms.json.download")}
        </Button>
        <Button icon={<ImportOutlined />} onClick={() => input.current?.click()}>
          {t("forms.json.import")}
        </Button>
        <input ref={input} type="file" accept="application/json,.json" hidden aria-label={t("forms.json.import")} onChange={(e) => void importFile(e.target.files?.[0]).finally(() => (e.target.value = ""))} data-testid="json-import" />
      </Space>
      <pre className="builder-json-text" tabIndex={0} aria-label={t("forms.json.label")}>
        {json}
      </pre>
    </div>
  );
}
