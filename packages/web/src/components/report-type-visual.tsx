import type { ReactNode } from "react";
import { QuestionOutlined } from "@ant-design/icons";
import { DEFAULT_TYPE_COLOR, localizedName, reportTypeById, reportTypeImagePath, type Priority } from "@atalaya/shared";

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

/** The address of the type's image (SPEC §3: its symbol on its colour, the badge and the map pin), served
 * by the API from the catalogue; undefined for a type the catalogue does not have. */
export function reportTypeImageSrc(typeId: number): string | undefined {
  const type = reportTypeById(typeId);
  return type && reportTypeImagePath(type.imageName);
}

/** The type's image as a round badge. `label` (the type's name) is its accessible name where the image
 * stands for the type (report lists); without it the image is decorative, for places that write the
 * type's name beside it. A type the catalogue does not have gets a question mark on the default colour. */
export function ReportTypeIcon({ typeId, size = 22, label }: { typeId: number; size?: number; label?: string }): ReactNode {
  const src = reportTypeImageSrc(typeId);
  if (!src) {
    return (
      <span
        className="report-type-icon report-type-icon--unknown"
        style={{ background: DEFAULT_TYPE_COLOR, width: size, height: size, fontSize: Math.round(size * 0.55) }}
        {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
      >
        <QuestionOutlined />
      </span>
    );
  }
  return <img className="report-type-icon" src={src} width={size} height={size} alt={label ?? ""} draggable={false} decoding="async" />;
}
