import { lazy, Suspense, useState, type ReactNode } from "react";
import { Button } from "antd";
import { CarOutlined, CloseOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Report } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { useSettings, companyRoleOf } from "../settings";
import { mayLookUpPlates } from "./plate-access";
import { clearStolenPlate } from "./plates-api";
import { StolenPlateBadge } from "./stolen-plate-badge";

const PlateSearchDialog = lazy(async () => ({ default: (await import("./plate-search-dialog")).PlateSearchDialog }));

interface ReportPlateProps {
  report: Report;
  companyId: number;
  onReport(report: Report): void;
}

/** The report detail's plate search: the dialog opened from a report, whose stolen result can flag it. */
export function ReportPlateButton({ report, companyId, onReport }: ReportPlateProps): ReactNode {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const [open, setOpen] = useState(false);
  if (!mayLookUpPlates(companyRoleOf(settings))) return null;
  return (
    <>
      <Button icon={<CarOutlined />} onClick={() => setOpen(true)} data-testid="report-plate-search">
        {t("plates.open")}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <PlateSearchDialog open={open} onClose={() => setOpen(false)} companyId={companyId} report={report} onReport={onReport} />
        </Suspense>
      )}
    </>
  );
}

/** The report's stolen-plate badge in the detail, with its removal for those who work the report. */
export function ReportStolenPlate({ report, companyId, onReport }: ReportPlateProps): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const clear = useMutation({
    mutationFn: () => clearStolenPlate(companyId, report.id),
    onSuccess: (updated) => {
      onReport(updated);
      void toast.success(t("plates.clearedFlag"));
    },
    onError: () => void toast.error(t("plates.flagError")),
  });
  if (!report.stolenPlate) return null;
  return (
    <span className="rd-meta__item">
      <StolenPlateBadge plate={report.stolenPlate} className="rd-meta__tag" />
      {report.can.work && (
        <Button size="small" type="text" icon={<CloseOutlined />} loading={clear.isPending} onClick={() => clear.mutate()} data-testid="stolen-plate-clear">
          {t("plates.clearFlag")}
        </Button>
      )}
    </span>
  );
}
