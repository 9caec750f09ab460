import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PANEL_TABS, type PanelTab, type ReportCounters } from "@atalaya/shared";

interface StatusTabsProps {
  value: PanelTab;
  counters: ReportCounters | undefined;
  onChange: (tab: PanelTab) => void;
  /** id of the element the tabs control (the list). */
  controls: string;
}

/**
 * The four status tabs of the panel in SPEC §2 order (in observation, pending, in progress, closed),
 * each with its live counter; arrow keys move between them (WAI-ARIA tabs pattern).
 */
export function StatusTabs({ value, counters, onChange, controls }: StatusTabsProps): ReactNode {
  const { t, i18n } = useTranslation();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const format = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const index = (PANEL_TABS.indexOf(value) + step + PANEL_TABS.length) % PANEL_TABS.length;
    const next = PANEL_TABS[index]!;
    onChange(next);
    refs.current[index]?.focus();
  };

  return (
    <div className="status-tabs" role="tablist" aria-label={t("events.tabsLabel")} onKeyDown={onKeyDown}>
      {PANEL_TABS.map((tab, index) => {
        const selected = tab === value;
        const count = counters?.[tab];
        return (
          <button
            key={tab}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`panel-tab-${tab}`}
            aria-selected={selected}
            aria-controls={controls}
            tabIndex={selected ? 0 : -1}
            className={`status-tabs__tab status-tabs__tab--${tab}${selected ? " status-tabs__tab--selected" : ""}`}
            onClick={() => onChange(tab)}
            data-testid={`panel-tab-${tab}`}
          >
            <span className="status-tabs__label">{t(`events.tabs.${tab}`)}</span>
            <span className="status-tabs__count" data-testid={`tab-count-${tab}`}>
              {count === undefined ? "–" : format.format(count)}
            </span>
          </button>
        );
      })}
    </div>
  );
}
