import type { ReactNode } from "react";
import { Avatar, Tooltip } from "antd";
import { EyeOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { PresenceViewer } from "@atalaya/shared";
import { PersonAvatar } from "./detail-ui";

/** "También viendo: Ana, Pedro": colleagues with this report open right now (the operator left out). */
export function PresenceBar({ viewers }: { viewers: PresenceViewer[] }): ReactNode {
  const { t } = useTranslation();
  const names = viewers.map((viewer) => viewer.name).join(", ");
  return (
    <div className="rd-presence" data-testid="presence" data-count={viewers.length} aria-live="polite" hidden={viewers.length === 0}>
      {viewers.length > 0 && (
        <>
          <EyeOutlined className="rd-presence__icon" aria-hidden="true" />
          <span className="rd-presence__label">{t("reportDetail.presence.alsoViewing")}</span>
          <Avatar.Group max={{ count: 4 }} size={24}>
            {viewers.map((viewer) => (
              <Tooltip key={viewer.id} title={t("reportDetail.presence.viewing", { name: viewer.name })}>
                <span>
                  <PersonAvatar name={viewer.name} size={24} />
                </span>
              </Tooltip>
            ))}
          </Avatar.Group>
          <span className="rd-presence__names">{names}</span>
        </>
      )}
    </div>
  );
}
