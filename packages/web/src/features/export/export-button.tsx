import { lazy, Suspense, useState } from "react";
import { Button } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { LANGUAGES, type Language } from "@atalaya/shared";
import { EXPORT_TEXTS } from "./messages";

// The modal's code (date pickers, the type list) loads only when it is first opened.
const ExportModal = lazy(() => import("./export-modal"));

/** The events panel's "Exportar" button and its lazily loaded export modal. */
export function ExportButton({ companyId }: { companyId: number }) {
  const { i18n } = useTranslation();
  const lang: Language = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : "es";
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const label = EXPORT_TEXTS[lang].button;
  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        aria-label={label}
        data-testid="export-button"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <span className="events-panel__new-label">{label}</span>
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <ExportModal companyId={companyId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
