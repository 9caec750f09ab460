import type { ReactNode } from "react";
import { Button, Tooltip } from "antd";
import { StarFilled, StarOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";

/** The events panel's "my favourites" switch: only the reports the operator starred. */
export function FavoritesFilter({ value, onChange }: { value: boolean; onChange: (value: boolean) => void }): ReactNode {
  const { t } = useTranslation();
  return (
    <Tooltip title={t("reportFlags.myFavorites")}>
      <Button
        size="small"
        type={value ? "primary" : "text"}
        icon={value ? <StarFilled /> : <StarOutlined />}
        aria-pressed={value}
        aria-label={t("reportFlags.myFavorites")}
        onClick={() => onChange(!value)}
        data-testid="favorites-filter"
      >
        <span className="flag-favorites-label">{t("reportFlags.myFavorites")}</span>
      </Button>
    </Tooltip>
  );
}
