import type { ReactNode } from "react";
import { Button, Modal, Result, Typography } from "antd";
import { RocketOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../lib/api";
import { useSettings, requestUpgrade } from "../settings";

/** Where the prompt is: closed, offering the upgrade, or confirming a request (new or already open). */
export type UpgradeStep = "closed" | "offer" | "sent" | "already";

/** The prompt's dialog: the offer, then the confirmation (loaded when a locked entry is first opened). */
export function UpgradePrompt({ step, onStep }: { step: UpgradeStep; onStep: (step: UpgradeStep) => void }): ReactNode {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const send = useMutation({
    mutationFn: () => requestUpgrade(settings.company.id),
    onSuccess: ({ created }) => onStep(created ? "sent" : "already"),
  });
  const close = (): void => {
    send.reset();
    onStep("closed");
  };
  const confirmation = step === "sent" || step === "already";
  return (
    <Modal
      open={step !== "closed"}
      onCancel={close}
      title={confirmation ? t("companySettings.upgrade.sentTitle") : t("companySettings.upgrade.title")}
      destroyOnHidden
      data-testid="upgrade-prompt"
      footer={
        confirmation ? (
          <Button type="primary" onClick={close} data-testid="upgrade-accept">
            {t("companySettings.upgrade.accept")}
          </Button>
        ) : (
          <>
            <Button onClick={close}>{t("companySettings.upgrade.cancel")}</Button>
            <Button type="primary" icon={<RocketOutlined />} loading={send.isPending} onClick={() => send.mutate()} data-testid="upgrade-request">
              {t("companySettings.upgrade.request")}
            </Button>
          </>
        )
      }
    >
      {confirmation ? (
        <Result status="success" title={t(step === "sent" ? "companySettings.upgrade.sentText" : "companySettings.upgrade.alreadyText")} data-testid="upgrade-confirmation" />
      ) : (
        <>
          <Typography.Paragraph>{t("companySettings.upgrade.text")}</Typography.Paragraph>
          {send.isError && (
            <Typography.Text type="danger" role="alert">
              {isApiError(send.error) ? send.error.message : t("errors.generalError")}
            </Typography.Text>
          )}
        </>
      )}
    </Modal>
  );
}
