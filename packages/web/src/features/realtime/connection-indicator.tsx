import type { ReactNode } from "react";
import { Badge, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { useDateFormatter } from "../../lib/dates";
import { useConnectionState } from "./realtime-context";

const STATES = ["online", "connecting", "offline"] as const;

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
          text={
            // Every state's label in one grid cell, only the current one visible: the indicator keeps the
            // width of the widest, so the header's buttons to its left never move as the socket connects
            // (a press landing as "Conectando…" became "En línea" missed its button).
            <span className="connection-indicator__labels">
              {STATES.map((s) => (
                <span key={s} aria-hidden={s !== state} className={s === state ? undefined : "connection-indicator__idle"}>
                  {t(`connection.${s}`)}
                </span>
              ))}
            </span>
          }
        />
      </span>
    </Tooltip>
  );
}
