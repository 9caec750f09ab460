import { memo, useState, type ReactNode } from "react";
import { Button, Tag, Tooltip } from "antd";
import { ClockCircleOutlined, CrownFilled, PushpinFilled, StarFilled, StarOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { Report } from "@atalaya/shared";
import { useToast } from "../../../lib/use-toast";
import { useSettings } from "../../settings";
import { useReportSync } from "../lists/use-report-list";
import { formatTimeLeft } from "../../../lib/dates";
import { useNow } from "../detail/use-now";
import { patchOwnReport } from "./flag-actions";
import { setFavorite } from "./report-flags-api";
import "./report-flags.css";

/** The operator's own star on a report (isFavorite): toggles at once in every list, the server after. */
export function FavoriteStar({
  report,
  size = "small",
  onChange,
}: {
  report: Pick<Report, "id" | "isFavorite">;
  size?: "small" | "middle";
  /** Told of the star's new state (and of its return when the server refuses). */
  onChange?: (isFavorite: boolean) => void;
}): ReactNode {
  const { t } = useTranslation();
  const message = useToast();
  const { settings } = useSettings();
  const companyId = settings.company.id;
  const sync = useReportSync(companyId);
  const [pending, setPending] = useState(false);
  const starred = report.isFavorite === true;
  const toggle = (): void => {
    const next = !starred;
    setPending(true);
    patchOwnReport(sync, report.id, { isFavorite: next });
    onChange?.(next);
    setFavorite(companyId, report.id, next)
      .catch((error: Error) => {
        patchOwnReport(sync, report.id, { isFavorite: starred });
        onChange?.(starred);
        void message.error(error.message);
      })
      .finally(() => setPending(false));
  };
  const label = starred ? t("reportFlags.unfavorite") : t("reportFlags.favorite");
  // A native title rather than a tooltip: one per row would stay open over the panel's toolbar.
  return (
    <Button
      type="text"
      size={size}
      className={`flag-star${starred ? " flag-star--on" : ""}`}
      icon={starred ? <StarFilled /> : <StarOutlined />}
      aria-label={label}
      title={label}
      aria-pressed={starred}
      disabled={pending}
      data-testid="favorite-toggle"
      onClick={(event) => {
        event.stopPropagation();
        toggle();
      }}
    />
  );
}

/** The pin of a highlighted report (issue 17), first of its tab for everyone. */
export function HighlightMark(): ReactNode {
  const { t } = useTranslation();
  return (
    <Tooltip title={t("reportFlags.highlighted")}>
      <span className="flag-pin" role="img" aria-label={t("reportFlags.highlighted")} data-testid="highlight-mark">
        <PushpinFilled />
      </span>
    </Tooltip>
  );
}

/** SPEC §3 premium-user marker and the subscription badge (SPEC §6 gates decide whether they come). */
export function PremiumBadges({ report }: { report: Pick<Report, "premiumUser" | "subscription"> }): ReactNode {
  const { t } = useTranslation();
  if (!report.premiumUser && !report.subscription) return null;
  return (
    <>
      {report.premiumUser && (
        <Tag className="flag-premium" icon={<CrownFilled />} data-testid="premium-marker">
          {t("reportFlags.premiumUser")}
        </Tag>
      )}
      {report.subscription && (
        <Tag className="flag-subscription" data-testid="subscription-badge">
          {t(`reportFlags.plans.${report.subscription.plan}`)}
        </Tag>
      )}
    </>
  );
}

// One element for every tick: React skips the icon (and its style hooks) when the countdown re-renders.
const CLOCK = <ClockCircleOutlined aria-hidden="true" />;

/** The countdown to the due time (SPEC §3 countdown), ticking every second from the server's due time;
 * "late by" once it passed; nothing for a closed report or one without a due time. */
export const Countdown = memo(function Countdown({ dueDate, closed, className }: { dueDate: string | null; closed: boolean; className?: string }): ReactNode {
  const { t } = useTranslation();
  const due = dueDate === null || closed ? Number.NaN : Date.parse(dueDate);
  const now = useNow(!Number.isNaN(due));
  if (Number.isNaN(due)) return null;
  const { text, late } = formatTimeLeft(due - now);
  return (
    <span className={`flag-countdown${late ? " flag-countdown--late" : ""}${className ? ` ${className}` : ""}`} data-testid="report-countdown" data-late={late}>
      {CLOCK} {late ? t("reportFlags.countdownLate", { time: text }) : t("reportFlags.countdown", { time: text })}
    </span>
  );
});
