import { useEffect, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button } from "antd";
import { ReloadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { realtimeRouteTable as realtime } from "@atalaya/shared";
import { call } from "../../lib/call";
import { localStore } from "../../lib/storage";
import { createBrowserTransport } from "./browser-transport";
import { getSession } from "../session";
import { ConnectivityLog } from "./connectivity-log";
import { RealtimeClient } from "./realtime-client";
import { RealtimeContext, useConnectionState } from "./realtime-context";

/** Failed reconnects after which the SPEC §8 real-time error is shown. */
export const FAILED_ATTEMPTS_BEFORE_ERROR = 3;
const ERROR_NOTIFICATION_KEY = "realtime-connection-error";

let connectivityLog: ConnectivityLog | null = null;

/** The connectivity log shared by every shell of this tab. */
export function getConnectivityLog(): ConnectivityLog {
  connectivityLog ??= new ConnectivityLog(localStore(), async (batch) => {
    // Signed out (the channel's last events arrive after the logout): keep them for the next session.
    if (getSession() === null) throw new Error("signed out");
    await call(realtime.postLogsPusher, { query: { route: "statusConnection", type: batch.type, user_id: batch.user_id }, body: batch });
  });
  return connectivityLog;
}

interface RealtimeProviderProps {
  companyId: number;
  userId: number;
  children: ReactNode;
}

/** Opens the real-time channel of a company while mounted and shares it with the screens below. */
export function RealtimeProvider({ companyId, userId, children }: RealtimeProviderProps): ReactNode {
  const [client] = useState(() => new RealtimeClient(createBrowserTransport()));

  useEffect(() => {
    client.start(companyId);
    return () => client.stop();
  }, [client, companyId]);

  useEffect(() => {
    const log = getConnectivityLog();
    void log.flush();
    return client.subscribeConnection((event) => {
      void log.record({
        type: event.type,
        user_id: userId,
        company_id: event.companyId,
        event: { date: new Date(event.at).toISOString(), event: event.type, details: event.details },
      });
    });
  }, [client, userId]);

  // What a screen fetched before the channel's first hello may miss an event committed in between (a
  // colleague's take while this page loaded): the first connection to a company refreshes the reports
  // on screen once; later reconnects catch up by seq instead.
  const queryClient = useQueryClient();
  useEffect(() => {
    const synced = new Set<number>();
    return client.subscribeConnection((event) => {
      if (event.type !== "connected" || synced.has(event.companyId)) return;
      synced.add(event.companyId);
      void queryClient.invalidateQueries({ queryKey: ["reports"] });
    });
  }, [client, queryClient]);

  useEffect(() => {
    const onOnline = (): void => client.reconnectNow();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [client]);

  return (
    <RealtimeContext.Provider value={client}>
      <ConnectionErrorNotice />
      {children}
    </RealtimeContext.Provider>
  );
}

/** Shows the SPEC §8 real-time error, with a Reload button, after repeated failed reconnects. */
function ConnectionErrorNotice(): null {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  const { connected, failedAttempts } = useConnectionState();
  const failing = !connected && failedAttempts >= FAILED_ATTEMPTS_BEFORE_ERROR;

  useEffect(() => {
    if (!failing) {
      notification.destroy(ERROR_NOTIFICATION_KEY);
      return undefined;
    }
    notification.error({
      key: ERROR_NOTIFICATION_KEY,
      title: t("connection.errorTitle"),
      description: t("connection.realtimeError"),
      duration: false,
      placement: "topRight",
      props: { "data-testid": "realtime-error" },
      actions: (
        <Button type="primary" size="small" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
          {t("common.reload")}
        </Button>
      ),
    });
    return () => notification.destroy(ERROR_NOTIFICATION_KEY);
  }, [failing, notification, t]);

  return null;
}
