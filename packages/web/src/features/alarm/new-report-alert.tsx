import type { ReactNode } from "react";
import { Button, Tag } from "antd";
import { BellFilled, CloseOutlined, CrownFilled, EnvironmentOutlined, MutedOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { PRIORITY_COLORS, ReportTypeIcon, reportTypeName } from "../../components/report-type-visual";
import { useAlarm } from "./alarm-provider";
import "./alarm.css";

/**
 * The banner of the latest new pending report, a strip of its own under the header: it covers no
 * control of the screen and keeps its size when the alarm is silenced, so nothing moves under a click.
 * Any click on it silences the alarm as well as doing what it says (open, stop, close).
 */
export function NewReportAlert(): ReactNode {
  const { t, i18n } = useTranslation();
  const { state, dispatch, openReport, bannerRef } = useAlarm();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const latest = state.alerts[0];
  if (!latest) return null;
  // The banner keeps the latest alerts; the unseen counter knows how many arrived in all.
  const more = Math.max(state.alerts.length, state.unseen) - 1;
  return (
    <div
      ref={bannerRef}
      className={`new-report-alert${state.ringing ? " new-report-alert--ringing" : ""}${latest.premium ? " new-report-alert--premium" : ""}`}
      role="alert"
      data-testid="new-report-alert"
      data-report-id={latest.id}
      data-premium={latest.premium === true}
      data-ringing={state.ringing}
      // After the control's own click handler (bubbling): the press that opens, stops or closes also silences.
      onClick={() => dispatch({ type: "acknowledge" })}
    >
      <span className="new-report-alert__bell" aria-hidden="true">
        {latest.premium ? <CrownFilled /> : <BellFilled />}
      </span>
      <div className="new-report-alert__body">
        <div className="new-report-alert__title">
          <strong data-testid={latest.premium ? "premium-alert-title" : undefined}>{latest.premium ? t("reportFlags.premiumAlert") : t("alarm.newPending")}</strong>
          {more > 0 && <span className="new-report-alert__more">{t("alarm.morePending", { count: more })}</span>}
        </div>
        <div className="new-report-alert__summary">
          <span className="new-report-alert__kind">
            <ReportTypeIcon typeId={latest.type} size={18} />
            <span className="new-report-alert__type">{reportTypeName(latest.type, lang)}</span>
            <Tag color={PRIORITY_COLORS[latest.priority]} className="new-report-alert__priority">
              {t(`priorities.${latest.priority}`)}
            </Tag>
            <span className="new-report-alert__id">#{latest.id}</span>
          </span>
          <span className="new-report-alert__description" title={latest.description}>
            {latest.description || t("events.noDescription")}
          </span>
          {latest.address && (
            <span className="new-report-alert__address" title={latest.address}>
              <EnvironmentOutlined /> {latest.address}
            </span>
          )}
        </div>
      </div>
      <div className="new-report-alert__actions">
        {/* "Stop" comes first so that, gone once the alarm is silenced, it moves no other button. */}
        {state.ringing && (
          <Button ghost icon={<MutedOutlined />} onClick={() => dispatch({ type: "acknowledge" })} data-testid="new-report-alert-stop">
            {t("alarm.stop")}
          </Button>
        )}
        <Button className="new-report-alert__open" onClick={() => openReport(latest.uuid)} data-testid="new-report-alert-open">
          {t("alarm.open")}
        </Button>
      </div>
      <Button
        type="text"
        className="new-report-alert__close"
        icon={<CloseOutlined />}
        aria-label={t("alarm.dismiss")}
        onClick={() => dispatch({ type: "dismissAll" })}
        data-testid="new-report-alert-close"
      />
    </div>
  );
}
