import { useEffect, type ReactNode } from "react";
import { Button, Result, Typography } from "antd";
import { LockOutlined, RocketOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useUpgradePrompt } from "./upgrade-prompt";

/**
 * What a free organisation gets in place of a screen its plan lacks (SPEC §1) when it opens it by its
 * address, a reload or a link: the screen's name with its lock, why, and the upgrade prompt, opened at
 * once as the locked menu entry opens it (the button opens it again). The screen itself never loads its
 * data, so no refusal reaches the operator.
 */
export function UpgradeScreen({ name }: { name: string }): ReactNode {
  const { t } = useTranslation();
  const { open, element } = useUpgradePrompt();
  useEffect(() => open(), [open]);
  return (
    <div className="page screen" data-testid="upgrade-screen">
      <Result
        icon={<LockOutlined aria-hidden />}
        title={
          <Typography.Title level={1} className="screen-title">
            {t("companySettings.upgrade.locked", { name })}
          </Typography.Title>
        }
        subTitle={t("companySettings.upgrade.text")}
        extra={
          <Button type="primary" icon={<RocketOutlined />} onClick={open} data-testid="upgrade-screen-open">
            {t("companySettings.upgrade.request")}
          </Button>
        }
      />
      {element}
    </div>
  );
}
