import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { PreviousFigure } from "@atalaya/shared";

/** Which way a figure is better: up (closed reports), down (waiting times, pending) or neither. */
export type Better = "up" | "down" | null;

/**
 * Statistics v2: the change from the previous period, "▲ 29,6 %" with the previous value beside it,
 * green when it went the better way and red when the worse; a screen reader hears it in words.
 */
export function Delta({ figure, better, format }: { figure: PreviousFigure | undefined; better: Better; format: (value: number) => string }): ReactNode {
  const { t, i18n } = useTranslation();
  if (!figure || figure.previous === null) return null;
  const previous = format(figure.previous);
  const change = figure.change_pct;
  if (change === null) {
    return (
      <span className="dash-delta dash-delta--flat" data-testid="dashboard-delta">
        {t("dashboard.delta.noChange", { previous })}
      </span>
    );
  }
  const pct = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language, { maximumFractionDigits: 1 }).format(Math.abs(change));
  const direction = change > 0 ? "up" : change < 0 ? "down" : "same";
  const tone = direction === "same" || better === null ? "flat" : direction === better ? "good" : "bad";
  const arrow = direction === "up" ? "▲" : direction === "down" ? "▼" : "=";
  return (
    <span className={`dash-delta dash-delta--${tone}`} data-testid="dashboard-delta" data-direction={direction}>
      <span aria-hidden="true">
        <span className="dash-delta__change">
          {arrow} {pct} %
        </span>{" "}
        <span className="dash-delta__previous">{t("dashboard.delta.versus", { previous })}</span>
      </span>
      <span className="dash-sr-only">{t(`dashboard.delta.${direction}`, { pct, previous })}</span>
    </span>
  );
}
