import type { ReactNode } from "react";
import { Button, Tooltip } from "antd";
import { PhoneOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { CallTarget } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { useSettings, companyRoleOf } from "../settings";
import { mayCall } from "./plate-access";
import { callFromReport } from "./plates-api";
import { callErrorText } from "./plate-error";

/** Click-to-call beside a reporter's or caller's phone: only for companies in the SPEC §6 phone-call
 * gate; the call's outcome is told and lands on the report's activity. */
export function CallButton({ companyId, reportId, to }: { companyId: number; reportId: number; to: CallTarget }): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const { settings } = useSettings();
  const call = useMutation({
    mutationFn: () => callFromReport(companyId, reportId, to),
    onSuccess: (result) => void toast.success(t("plates.call.started", { outcome: t(`plates.call.outcomes.${result.outcome}`) })),
    onError: (error) => void toast.error(callErrorText(error, t)),
  });
  if (!mayCall(companyRoleOf(settings), settings.gates)) return null;
  const label = t(to === "reporter" ? "plates.call.reporter" : "plates.call.caller");
  return (
    <Tooltip title={label}>
      <Button size="small" icon={<PhoneOutlined />} loading={call.isPending} onClick={() => call.mutate()} aria-label={label} data-testid={`call-${to}`}>
        {t("plates.call.button")}
      </Button>
    </Tooltip>
  );
}
