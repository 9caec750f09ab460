import { useState, type ReactNode } from "react";
import { Alert, Switch, Typography } from "antd";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useToast } from "../../lib/use-toast";
import { usersRouteTable } from "@atalaya/shared";
import { isApiError } from "../../lib/api";
import { call } from "../../lib/call";
import { disablePush, enablePush, pushPermission } from "../push";
import { useSettings } from "../settings";
import "./notifications.css";

type Setting = "browserPush" | "dailySummaryEmail" | "monthlySummaryEmail";

/** The signed-in user's own notification settings (issue 15): browser push (asks the browser's
 * permission and subscribes this browser), daily summary e-mail (on by default) and monthly (off). */
export function NotificationSettings(): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { settings } = useSettings();
  const userId = settings.user.id;
  const [permission, setPermission] = useState(pushPermission);

  const save = useMutation({
    mutationFn: async ({ key, value }: { key: Setting; value: boolean }) => {
      if (key === "browserPush") {
        if (value && !(await enablePush(userId))) throw new Error("refused");
        if (!value) await disablePush(userId);
        return;
      }
      await call(usersRouteTable.putUserByIdSettings, { params: { id: userId }, body: { [key]: value } });
    },
    onSuccess: () => void toast.success(t("notifications.settings.saved")),
    onError: (error: unknown) =>
      void toast.error(error instanceof Error && error.message === "refused" ? t("notifications.push.refused") : isApiError(error) ? error.message : t("notifications.settings.saveError")),
    onSettled: () => {
      setPermission(pushPermission());
      void queryClient.invalidateQueries({ queryKey: ["settings"] });
    },
  });

  const value = (key: Setting): boolean => (save.isPending && save.variables?.key === key ? save.variables.value : settings.user.settings[key]);
  const row = (key: Setting, label: string, hint: string, disabled = false): ReactNode => (
    <div className="notification-settings__row">
      <div>
        <label htmlFor={`notification-setting-${key}`} className="notification-settings__label">
          {label}
        </label>
        <Typography.Text type="secondary" id={`notification-setting-${key}-hint`} className="notification-settings__hint">
          {hint}
        </Typography.Text>
      </div>
      <Switch
        id={`notification-setting-${key}`}
        aria-describedby={`notification-setting-${key}-hint`}
        checked={value(key)}
        disabled={disabled || save.isPending}
        loading={save.isPending && save.variables?.key === key}
        onChange={(checked) => save.mutate({ key, value: checked })}
        data-testid={`notification-setting-${key}`}
      />
    </div>
  );

  return (
    <section className="notification-settings" aria-labelledby="notification-settings-title" data-testid="notification-settings">
      <Typography.Title level={2} id="notification-settings-title" className="notification-settings__title">
        {t("notifications.settings.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("notifications.settings.intro")}</Typography.Paragraph>
      {permission === "unsupported" && <Alert type="info" showIcon title={t("notifications.settings.browserPushUnsupported")} />}
      {permission === "denied" && <Alert type="warning" showIcon title={t("notifications.settings.browserPushBlocked")} />}
      {row("browserPush", t("notifications.settings.browserPush"), t("notifications.settings.browserPushHint"), permission === "unsupported" || (permission === "denied" && !settings.user.settings.browserPush))}
      {row("dailySummaryEmail", t("notifications.settings.dailySummary"), t("notifications.settings.dailySummaryHint"))}
      {row("monthlySummaryEmail", t("notifications.settings.monthlySummary"), t("notifications.settings.monthlySummaryHint"))}
    </section>
  );
}
