import { useState, type ReactNode } from "react";
import { Alert, Button } from "antd";
import { BellOutlined } from "@ant-design/icons";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useToast } from "../../app/use-toast";
import { localStore, safeGet, safeSet } from "../../lib/storage";
import { useSettings } from "../settings/settings-context";
import { enablePush, pushPermission } from "./push-client";

/** localStorage key: the user answered "not now" to the offer in this browser. */
const dismissedKey = (userId: number) => `atalaya.pushPrompt.dismissed.${userId}`;

/** After sign-in, a small offer above the screen to turn browser push on (issue 15): only where the
 * browser can, has not been asked yet, the user has it off and has not said "not now" here. It blocks
 * nothing; the same switch is in Settings → My notifications. */
export function PushPrompt(): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { settings } = useSettings();
  const userId = settings.user.id;
  const [hidden, setHidden] = useState(() => safeGet(localStore(), dismissedKey(userId)) === "true");
  const enable = useMutation({
    mutationFn: () => enablePush(userId),
    onSuccess: (granted) => void (granted ? toast.success(t("notifications.push.enabled")) : toast.info(t("notifications.push.refused"))),
    onError: () => void toast.error(t("notifications.push.failed")),
    onSettled: () => {
      setHidden(true);
      void queryClient.invalidateQueries({ queryKey: ["settings"] });
    },
  });
  if (hidden || settings.user.settings.browserPush || pushPermission() !== "default") return null;
  const later = (): void => {
    safeSet(localStore(), dismissedKey(userId), "true");
    setHidden(true);
  };
  return (
    <Alert
      className="push-prompt-banner"
      type="info"
      showIcon
      icon={<BellOutlined />}
      title={t("notifications.push.promptTitle")}
      description={t("notifications.push.promptText")}
      action={
        <span className="push-prompt__actions">
          <Button size="small" onClick={later} data-testid="push-prompt-later">
            {t("notifications.push.later")}
          </Button>
          <Button size="small" type="primary" loading={enable.isPending} onClick={() => enable.mutate()} data-testid="push-prompt-enable">
            {t("notifications.push.enable")}
          </Button>
        </span>
      }
      data-testid="push-prompt"
    />
  );
}
