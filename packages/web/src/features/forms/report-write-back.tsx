import type { ReactNode } from "react";
import { Descriptions } from "antd";
import { useTranslation } from "react-i18next";
import type { Report } from "@atalaya/shared";

/** What the report's workflow form wrote back onto it (issue 16, SPEC §3 optionalCode and extraInfo),
 * shown in the detail beside the report; nothing when the form wrote nothing. Small on purpose: the
 * detail imports it directly, the form tab itself loads when opened. */
export function ReportWriteBack({ report }: { report: Pick<Report, "optionalCode" | "extraInfo"> }): ReactNode {
  const { t } = useTranslation();
  const items = [
    ...(report.optionalCode ? [{ key: "code", label: t("forms.reportTab.optionalCode"), children: report.optionalCode }] : []),
    ...(report.extraInfo ?? []).map((e) => ({ key: `info-${e.fieldKey}`, label: e.label, children: e.value })),
  ];
  if (items.length === 0) return null;
  return <Descriptions size="small" column={1} bordered title={t("forms.reportTab.writeBack")} items={items} className="report-form-writeback" data-testid="report-form-writeback" />;
}
