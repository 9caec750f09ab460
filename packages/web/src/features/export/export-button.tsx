import { lazy, Suspense, useState } from "react";
import { Button } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

// The modal's code (date pickers, the type list) loads only when it is first opened.
const ExportModal = lazy(() => import("./export-modal"));

/** The "Exportar" button and its lazily loaded export modal, offered on the events panel and the history
 * screen. The label hides on phones where the screen's CSS says so (`labelClassName`), the icon stays. */
export function ExportButton({ companyId, labelClassName }: { companyId: number; labelClassName?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Each opening mounts a fresh modal: its window is the last day up to that moment.
  const [openings, setOpenings] = useState(0);
  const label = t("export.button");
  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        aria-label={label}
        data-testid="export-button"
        onClick={() => {
          setOpenings((n) => n + 1);
          setOpen(true);
        }}
      >
        <span className={labelClassName}>{label}</span>
      </Button>
      {openings > 0 && (
        <Suspense fallback={null}>
          <ExportModal key={openings} companyId={companyId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
