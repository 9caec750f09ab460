import { Tag, Tooltip } from "antd";
import { FilterOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useSettings } from "../../settings";
import { restrictionLines } from "./restriction-lines";

/** A tag in the events toolbar telling a restricted operator that the lists show only part of the
 * company's reports, and which part. */
export function RestrictedView() {
  const { t, i18n } = useTranslation();
  const { settings } = useSettings();
  const lines = restrictionLines(settings.user, i18n.language, t);
  if (lines.length === 0) return null;
  return (
    <Tooltip title={lines.map((line) => <div key={line}>{line}</div>)}>
      <Tag
        icon={<FilterOutlined />}
        className="events-panel__restricted"
        tabIndex={0}
        aria-label={t("events.restricted.label")}
        data-testid="restricted-view"
        bordered={false}
      >
        <span className="events-panel__restricted-label">{t("events.restricted.label")}</span>
      </Tag>
    </Tooltip>
  );
}
