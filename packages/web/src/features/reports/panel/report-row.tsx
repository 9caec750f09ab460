import { memo, useContext, type ReactNode } from "react";
import { Avatar, Button, Tag, Tooltip } from "antd";
import { DeleteOutlined, EnvironmentOutlined, EyeInvisibleOutlined, UserOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import type { ReportListItem } from "@atalaya/shared";
import { TimezoneContext } from "../../../lib/dates";
import { TagChip } from "../../../components/tag-chip";
import { LifeBadges } from "../life/life-badges";
import { DuplicateBadge } from "../duplicates/duplicate-badge";
import { Countdown, FavoriteStar, HighlightMark, PremiumBadges } from "../flags/row-flags";
import { StolenPlateBadge } from "../../plates";
import { formatShortDateTime } from "./fast-date";
import { PRIORITY_COLORS, ReportTypeIcon, reportTypeName } from "../../../components/report-type-visual";
import { compactDuration, dueState, type CompactDuration } from "./time-format";
// The row's styles are the panel's: the search screen draws the same rows.
import "./events-panel.css";

/** Fixed height of a row in pixels: the virtualiser and the scroll anchoring rely on it. */
export const ROW_HEIGHT = 136;

interface ReportRowProps {
  report: ReportListItem;
  selected: boolean;
  now: number;
  taking: boolean;
  onOpen: (report: ReportListItem) => void;
  onTake: (report: ReportListItem) => void;
  /** How many open reports this one may repeat (issue 18): a badge when any. */
  duplicates?: number;
  /** False when a wrapper is the list item (the search results add the matches beside the row). */
  listItem?: boolean;
  /** Ticked for a bulk action; without onCheck the row has no checkbox (search results). */
  checked?: boolean;
  /** The checkbox was clicked, with Shift for a range (issue 18 bulk actions). */
  onCheck?: (report: ReportListItem, range: boolean) => void;
}

function useDuration(): (duration: CompactDuration) => string {
  const { t } = useTranslation();
  return (duration) => t(`durations.${duration.unit}`, { n: duration.value });
}

function RowBadges({ report, duplicates }: { report: ReportListItem; duplicates: number }): ReactNode {
  const { t } = useTranslation();
  const deleted = report.displayStatus === "in_deleting_progress";
  return (
    <span className="report-row__badges">
      {deleted && (
        <Tag color="error" variant="solid" icon={<DeleteOutlined />} data-testid="badge-deleted">
          {t("events.deletedByAuthor")}
        </Tag>
      )}
      {report.isPrivate && (
        <Tag color="purple" icon={<EyeInvisibleOutlined />} data-testid="badge-private">
          {t("events.private")}
        </Tag>
      )}
      <PremiumBadges report={report} />
      <DuplicateBadge count={duplicates} />
      <StolenPlateBadge plate={report.stolenPlate} />
      {report.isAnonymous && (
        <Tag data-testid="badge-anonymous" icon={<UserOutlined />}>
          {t("events.anonymous")}
        </Tag>
      )}
      <LifeBadges report={report} />
      {report.tags.map((tag) => (
        <TagChip key={tag.id} name={tag.name} color={tag.color} className="report-row__tag" />
      ))}
    </span>
  );
}

/** One report of the events panel: type, priority, id, description, address, times, assignee, badges, take. */
export const ReportRow = memo(function ReportRow({ report, selected, now, taking, onOpen, onTake, duplicates = 0, listItem = true, checked = false, onCheck }: ReportRowProps): ReactNode {
  const { t, i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const zone = useContext(TimezoneContext);
  const duration = useDuration();
  const created = Date.parse(report.createdAt);
  const closed = report.status === "solved" || report.status === "false";
  const due = dueState(report.dueDate, now, closed);
  const typeName = reportTypeName(report.type, lang);
  const canTake = report.can.take && report.status === "pending";

  return (
    <div
      role={listItem ? "listitem" : undefined}
      className={`report-row${selected ? " report-row--selected" : ""}${checked ? " report-row--checked" : ""}${due.kind === "overdue" ? " report-row--overdue" : ""}${report.seen === false ? " report-row--unseen" : ""}${report.highlighted ? " report-row--highlighted" : ""}`}
      style={{ height: ROW_HEIGHT }}
      data-testid="report-row"
      data-report-id={report.id}
      data-seen={report.seen !== false}
      data-highlighted={report.highlighted}
      aria-current={selected ? "true" : undefined}
      onClick={() => onOpen(report)}
    >
      <div className="report-row__head">
        {onCheck && (
          <input
            type="checkbox"
            className="report-row__check"
            checked={checked}
            onChange={() => undefined}
            onClick={(event) => {
              event.stopPropagation();
              onCheck(report, event.shiftKey);
            }}
            aria-label={t("triage.selectReport", { id: report.id })}
            data-testid="report-check"
          />
        )}
        {report.highlighted && <HighlightMark />}
        {/* The badge carries the type's name for screen readers; the name written beside it is for the eye. */}
        <ReportTypeIcon typeId={report.type} label={typeName} />
        <span className="report-row__type" title={typeName} aria-hidden="true">
          {typeName}
        </span>
        <Tag color={PRIORITY_COLORS[report.priority]} className="report-row__priority" data-testid="report-priority">
          {t(`priorities.${report.priority}`)}
        </Tag>
        <Link
          to={`/v3/events/${report.uuid}`}
          className="report-row__id"
          onClick={(event) => event.stopPropagation()}
          aria-label={t("events.reportNumber", { id: report.id })}
        >
          #{report.id}
        </Link>
        <FavoriteStar report={report} />
        <Tooltip title={formatShortDateTime(report.createdAt, zone, lang)}>
          <span className="report-row__time">
            {Number.isNaN(created) ? t("common.noValue") : t("events.ago", { time: duration(compactDuration(now - created)) })}
          </span>
        </Tooltip>
      </div>
      <p className={`report-row__description${report.description ? "" : " report-row__description--empty"}`}>
        {report.description || t("events.noDescription")}
      </p>
      <div className="report-row__place">
        <span className="report-row__address" title={report.address ?? undefined}>
          <EnvironmentOutlined /> {report.address || t("events.noAddress")}
        </span>
        {due.kind !== "none" && (
          <Tooltip title={formatShortDateTime(report.dueDate, zone, lang)}>
            <span
              className={`report-row__due report-row__due--${due.kind === "overdue" ? "overdue" : due.soon ? "soon" : "ok"}`}
              data-testid="report-due"
            >
              <Countdown dueDate={report.dueDate} closed={closed} />
            </span>
          </Tooltip>
        )}
      </div>
      <div className="report-row__foot">
        <span className="report-row__assignee">
          {report.assignedUser ? (
            <>
              {/* The initial as an icon: Ant Design measures a text avatar after it mounts (a layout per row). */}
              <Avatar
                size={20}
                src={report.assignedUser.cover ?? undefined}
                icon={report.assignedUser.name.charAt(0).toUpperCase()}
                className="report-row__avatar"
                style={{ fontSize: 11 }}
              />
              <span className="report-row__assignee-name">{report.assignedUser.name}</span>
            </>
          ) : (
            <span className="report-row__unassigned">{t("events.unassigned")}</span>
          )}
        </span>
        <RowBadges report={report} duplicates={duplicates} />
        {canTake && (
          <Button
            size="small"
            type="primary"
            className="report-row__take"
            loading={taking}
            data-testid="take-report"
            onClick={(event) => {
              event.stopPropagation();
              onTake(report);
            }}
          >
            {t("events.take")}
          </Button>
        )}
      </div>
    </div>
  );
});
