import type { ReactNode } from "react";
import {
  AlertOutlined,
  ApiOutlined,
  BuildOutlined,
  QuestionOutlined,
  SafetyOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import { DEFAULT_TYPE_COLOR, localizedName, reportTypeById, type Priority } from "@atalaya/shared";

const CATEGORY_ICONS: Record<number, ReactNode> = {
  1: <AlertOutlined />,
  2: <SafetyOutlined />,
  3: <BuildOutlined />,
  4: <TeamOutlined />,
  5: <ApiOutlined />,
};

/** Ant Design tag colour of each priority, hottest first. */
export const PRIORITY_COLORS: Record<Priority, string> = {
  highest: "red",
  high: "volcano",
  normal: "blue",
  low: "cyan",
  lowest: "default",
};

/** The type's name in the interface language (catalogue; French reads English), or its id. */
export function reportTypeName(typeId: number, lang: string): string {
  const type = reportTypeById(typeId);
  return type ? localizedName(type.nameLocalized, lang) : `#${typeId}`;
}

/** The type's pin colour (SPEC §3 default #F96134). */
export function reportTypeColor(typeId: number): string {
  return reportTypeById(typeId)?.color ?? DEFAULT_TYPE_COLOR;
}

/** A round badge in the type's colour with its category icon. */
export function ReportTypeIcon({ typeId, size = 22 }: { typeId: number; size?: number }): ReactNode {
  const type = reportTypeById(typeId);
  return (
    <span
      className="report-type-icon"
      style={{ background: type?.color ?? DEFAULT_TYPE_COLOR, width: size, height: size, fontSize: Math.round(size * 0.55) }}
      aria-hidden="true"
    >
      {(type && CATEGORY_ICONS[type.category_id]) ?? <QuestionOutlined />}
    </span>
  );
}
