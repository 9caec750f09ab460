import type { ReactNode } from "react";
import { Avatar, Tag, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { DEFAULT_TYPE_COLOR, localizedName, reportTypeById, type Priority, type Report } from "@atalaya/shared";
import { ReportTypeIcon } from "../../../components/report-type-visual";

// Small presentational pieces shared by the detail's cards.

// Solid badges with white labels: shades dark enough for 4.5:1 (Ant Design's gold, blue and green
// presets are 1.9:1, 4.1:1 and 3.4:1 under white).
const STATUS_COLORS: Record<Report["displayStatus"], string> = {
  pending: "#874d00",
  in_progress: "#0958d9",
  in_observation: "#531dab",
  solved: "#237804",
  false: "#595b6b",
  in_deleting_progress: "#a8071a",
};

/** The report's status tag (closed reports show "repeated" when closed as a repeat). */
export function StatusTag({ report, testId }: { report: Report; testId?: string }): ReactNode {
  const { t } = useTranslation();
  const status = report.displayStatus;
  const repeated = status === "solved" && report.closingKind === "repeated";
  return (
    <Tag
      color={STATUS_COLORS[status]}
      variant="solid"
      className="rd-status"
      data-testid={testId}
      data-status={status}
    >
      {repeated ? t("statuses.repeated") : t(`statuses.${status}`)}
    </Tag>
  );
}

const PRIORITY_COLORS: Record<Priority, string> = {
  lowest: "#8c8fa3",
  low: "#1677ff",
  normal: "#13a8a8",
  high: "#fa8c16",
  highest: "#f5222d",
};

/** Colour of a priority (dot and tag). */
export function priorityColor(priority: Priority): string {
  return PRIORITY_COLORS[priority];
}

/** A priority with its coloured dot. */
export function PriorityLabel({ priority }: { priority: Priority }): ReactNode {
  const { t } = useTranslation();
  return (
    <span className="rd-dot-label">
      <span className="rd-dot" style={{ background: PRIORITY_COLORS[priority] }} aria-hidden="true" />
      {t(`reportDetail.priority.${priority}`)}
    </span>
  );
}

/** The localized name of a report type (or its id when unknown). */
export function useTypeName(): (typeId: number) => string {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return (typeId) => {
    const type = reportTypeById(typeId);
    return type ? localizedName(type.nameLocalized, lang) : `#${typeId}`;
  };
}

/** Colour of a report type. */
function typeColor(typeId: number): string {
  return reportTypeById(typeId)?.color ?? DEFAULT_TYPE_COLOR;
}

/** A report type as a coloured badge with its image. */
export function TypeBadge({ typeId }: { typeId: number }): ReactNode {
  const typeName = useTypeName();
  const color = typeColor(typeId);
  return (
    // The type's colour tints the badge; the name stays in the text colour (a light type colour as text
    // would fall under 4.5:1) and is what a screen reader reads (the image beside it is decorative).
    <span className="rd-type" style={{ background: `${color}1a`, borderColor: `${color}55` }}>
      <ReportTypeIcon typeId={typeId} size={18} />
      {typeName(typeId)}
    </span>
  );
}

// Avatar backgrounds under a white initial, each 4.5:1 or more.
const AVATAR_COLORS = ["#c20a50", "#7c3aed", "#2563eb", "#0e7490", "#047857", "#b45309", "#dc2626", "#4f46e5"];

/** Initials of a name ("Ana Pérez" → "AP"). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ""}${parts.at(-1)?.[0] ?? ""}` : (parts[0]?.slice(0, 2) ?? "?");
  return letters.toUpperCase() || "?";
}

function colorOf(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length] ?? AVATAR_COLORS[0]!;
}

/** A round avatar with a person's initials, coloured by name. */
export function PersonAvatar({ name, size = 28, tooltip = false }: { name: string; size?: number; tooltip?: boolean }): ReactNode {
  const avatar = (
    <Avatar size={size} style={{ background: colorOf(name), fontSize: Math.round(size * 0.4), flex: "none" }}>
      {initials(name)}
    </Avatar>
  );
  return tooltip ? <Tooltip title={name}>{avatar}</Tooltip> : avatar;
}

const PATROL_COLORS: Record<string, string> = {
  online: "#22c55e",
  busy: "#f59e0b",
  away: "#a3a3a3",
  offline: "#ef4444",
};

/** A patrol's status as a coloured dot and its name. */
export function PatrolStatus({ status }: { status: string }): ReactNode {
  const { t, i18n } = useTranslation();
  const key = `reportDetail.assign.patrolStatus.${status}`;
  return (
    <span className="rd-dot-label rd-patrol-status" data-status={status}>
      <span className="rd-dot" style={{ background: PATROL_COLORS[status] ?? PATROL_COLORS.offline }} aria-hidden="true" />
      {i18n.exists(key) ? t(key) : status}
    </span>
  );
}
