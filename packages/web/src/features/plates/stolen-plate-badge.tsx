import type { ReactNode } from "react";
import { Tag } from "antd";
import { CarOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { formatPlate } from "@atalaya/shared";

/** The SPEC §3 stolen-plate flag as a badge (panel row and report detail). */
export function StolenPlateBadge({ plate, className }: { plate: string | null; className?: string }): ReactNode {
  const { t } = useTranslation();
  if (!plate) return null;
  return (
    <Tag color="error" icon={<CarOutlined />} className={`stolen-plate-badge ${className ?? ""}`} data-testid="badge-stolen-plate">
      {t("plates.badge", { plate: formatPlate(plate) })}
    </Tag>
  );
}
