import type { ReactNode } from "react";
import { Badge, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { useDateFormatter } from "../../lib/dates";
import { useConnectionState } from "./realtime-context";

/** Green "online" or red "offline" dot with the last connection time in a tooltip. */
export function ConnectionIndicator({ testId = "connection-status" }: { testId?: string }): ReactNode {
  const { t } = useTranslation();
  const format = useDateFormatter();
  const { connected, connecting, lastConnectedAt } = useConnectionState();
  const firstConnect = !connected && connecting && lastConnectedAt === null;
  const state = connected ? "online" : firstConnect ? "connecting" : "offline";
  const tooltip =
    lastConnectedAt !== null
      ? t("connection.lastConnected", { time: format(lastConnectedAt) })
      : t("connection.neverConnected");
  return (
    <Tooltip title={tooltip}>
      <span className="connection-indicator" data-testid={testId} data-state={state} tabIndex={0}>
        <Badge
          status={state === "online" ? "success" : state === "connecting" ? "processing" : "error"}
          text={t(`connection.${state}`)}
        />
      </span>
    </Tooltip>
  );
}
