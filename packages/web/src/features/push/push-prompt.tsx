import { useId, useState, type ReactNode } from "react";
import { Button } from "antd";
import { BellOutlined, CloseOutlined } from "@ant-design/icons";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useToast } from "../../lib/use-toast";
import { localStore, safeGet, safeSet } from "../../lib/storage";
import { useSettings } from "../settings";
import { enablePush, pushPermission } from "./push-client";
import "./push-prompt.css";

/** localStorage key: the user answered "not now" to the offer in this browser. */
const dismissedKey = (userId: number) => `atalaya.pushPrompt.dismissed.${userId}`;

/** After sign-in, a one-line offer in the shell's banner area to turn browser push on (issue 15): only
 * where the browser can, has not been asked yet, the user has it off and has not said "not now" here.
 * It blocks nothing; the same switch is in Settings → My notifications. */
export function PushPrompt(): ReactNode {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { settings } = useSettings();
  const titleId = useId();
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
  const why = t("notifications.push.promptText");
  return (
    <section className="push-offer" aria-labelledby={titleId} data-testid="push-prompt">
      <BellOutlined className="push-offer__icon" aria-hidden="true" />
      <p className="push-offer__text">
        {/* The setting's own name: the offer turns on what Settings → My notifications shows. */}
        <strong id={titleId}>{t("notifications.settings.browserPush")}</strong>
        <span className="push-offer__why" title={why}>
          {why}
        </span>
      </p>
      <Button size="small" type="primary" loading={enable.isPending} onClick={() => enable.mutate()} data-testid="push-prompt-enable">
        {t("notifications.push.enable")}
      </Button>
      <Button
        size="small"
        type="text"
        icon={<CloseOutlined />}
        onClick={later}
        // The icon's own English label would join the name; the name is the words shown beside it.
        aria-label={t("notifications.push.later")}
        className="push-offer__later"
        data-testid="push-prompt-later"
      >
        <span className="push-offer__later-label">{t("notifications.push.later")}</span>
      </Button>
    </section>
  );
}
