import { Suspense, lazy, useCallback, useEffect, useReducer, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { Badge, Button, Flex, Popover, Spin, Tag, Tooltip, theme } from "antd";
import {
  BellFilled,
  CloseOutlined,
  CrownFilled,
  EnvironmentOutlined,
  MutedOutlined,
  SoundOutlined,
} from "@ant-design/icons";
import { matchPath, useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { PRIORITY_COLORS, ReportTypeIcon, reportTypeName } from "../events/report-type-visual";
import { useLiveReports } from "../events/use-live-reports";
import { AlarmPlayer, type AudioAvailability } from "./alarm-player";
import {
  ALARM_REPEAT_MS,
  INITIAL_ALARM_STATE,
  alarmReducer,
  isAudible,
  shouldRepeat,
  titleWithCounter,
  toAlarmAlert,
  type AlarmAction,
  type AlarmState,
} from "./alarm-state";
import { useSettings } from "../settings/settings-context";
import { useAlarmSettings } from "./use-alarm-settings";
import "./alarm.css";

// The settings' radio, slider and switches load when the popover first opens, not with every page.
const loadSettingsPanel = () => import("./audio-settings-panel");
const AudioSettingsPanel = lazy(() => loadSettingsPanel().then((m) => ({ default: m.AudioSettingsPanel })));

/** Whether the browser lets the player sound (re-renders when it changes). */
export function useAudioAvailability(player: AlarmPlayer): AudioAvailability {
  return useSyncExternalStore(
    (listener) => player.subscribe(listener),
    () => player.availability(),
    () => "unavailable" as const,
  );
}

/** Feeds the alarm from the live report sync: new pending reports ring, reports leaving pending stop. */
function useAlarmFeed(dispatch: (action: AlarmAction) => void): void {
  const sync = useLiveReports();
  useEffect(
    () =>
      sync.subscribe((change) => {
        if (change.kind === "upsert") {
          const { report, previous, source } = change;
          const fresh = !previous && (source === "newReport" || source === "poll");
          if (fresh && report.status === "pending" && report.displayStatus === "pending") {
            dispatch({ type: "newPending", alert: toAlarmAlert(report) });
          } else if (report.status !== "pending") {
            dispatch({ type: "resolved", id: report.id });
          }
        } else if (change.kind === "hide") {
          dispatch({ type: "resolved", id: change.id });
        } else if (change.kind === "remove") {
          for (const id of change.ids) dispatch({ type: "resolved", id });
        }
      }),
    [sync, dispatch],
  );
}


function NewReportAlert({
  state,
  dispatch,
  onOpen,
}: {
  state: AlarmState;
  dispatch: (action: AlarmAction) => void;
  onOpen: (uuid: string) => void;
}): ReactNode {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const latest = state.alerts[0];
  if (!latest) return null;
  // The banner keeps the latest alerts; the unseen counter knows how many arrived in all.
  const more = Math.max(state.alerts.length, state.unseen) - 1;
  return createPortal(
    <div
      className={`new-report-alert${state.ringing ? " new-report-alert--ringing" : ""}${latest.premium ? " new-report-alert--premium" : ""}`}
      role="alert"
      data-testid="new-report-alert"
      data-report-id={latest.id}
      data-premium={latest.premium === true}
      data-ringing={state.ringing}
      // Rendered into <body>, outside the Ant Design root: take the theme's font explicitly.
      style={{ fontFamily: token.fontFamily }}
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
          <ReportTypeIcon typeId={latest.type} size={18} />
          <span className="new-report-alert__type">{reportTypeName(latest.type, lang)}</span>
          <Tag color={PRIORITY_COLORS[latest.priority]} className="new-report-alert__priority">
            {t(`priorities.${latest.priority}`)}
          </Tag>
          <span className="new-report-alert__id">#{latest.id}</span>
        </div>
        <div className="new-report-alert__description" title={latest.description}>
          {latest.description || t("events.noDescription")}
        </div>
        {latest.address && (
          <div className="new-report-alert__address">
            <EnvironmentOutlined /> {latest.address}
          </div>
        )}
      </div>
      <div className="new-report-alert__actions">
        <Button size="small" onClick={() => onOpen(latest.uuid)} data-testid="new-report-alert-open">
          {t("alarm.open")}
        </Button>
        {state.ringing && (
          <Button size="small" ghost icon={<MutedOutlined />} onClick={() => dispatch({ type: "acknowledge" })} data-testid="new-report-alert-stop">
            {t("alarm.stop")}
          </Button>
        )}
      </div>
      <Button
        type="text"
        size="small"
        className="new-report-alert__close"
        icon={<CloseOutlined />}
        aria-label={t("alarm.dismiss")}
        onClick={() => dispatch({ type: "dismissAll" })}
      />
    </div>,
    document.body,
  );
}

/**
 * The alarm of SPEC §4 in the header: on a new pending report that passes the operator's filters it
 * beeps (looping every 2 s until acknowledged), shows a pulsing banner and counts in the tab title;
 * offers "Activar sonido" when the browser blocks audio, and the audio settings popover. It also hosts
 * the live report sync and polling fallback, since the header is on every signed-in screen.
 */
export function AlarmCenter(): ReactNode {
  const { settings } = useSettings();
  // Another organisation or user starts from a quiet alarm and its own live sync.
  return <AlarmCenterFor key={`${settings.company.id}:${settings.user.id}`} />;
}

function AlarmCenterFor(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [state, dispatch] = useReducer(alarmReducer, INITIAL_ALARM_STATE);
  const [settings, updateSettings] = useAlarmSettings();
  const [player] = useState(() => new AlarmPlayer());
  const availability = useAudioAvailability(player);

  useAlarmFeed(dispatch);

  useEffect(() => {
    player.init();
    return () => player.close();
  }, [player]);

  // Opening a report's detail acknowledges the alarm and clears that report's alert.
  const openedUuid = matchPath("/v3/events/:reportUuid", pathname)?.params.reportUuid;
  useEffect(() => {
    if (openedUuid && openedUuid !== "new") dispatch({ type: "opened", uuid: openedUuid });
  }, [openedUuid]);

  // A click in the focused tab acknowledges a ringing alarm.
  const ringing = state.ringing;
  useEffect(() => {
    if (!ringing) return undefined;
    const onPointerDown = (): void => {
      if (document.hasFocus()) dispatch({ type: "acknowledge" });
    };
    document.addEventListener("pointerdown", onPointerDown, true);
    return () => document.removeEventListener("pointerdown", onPointerDown, true);
  }, [ringing]);

  // Sound: once for each new alert, then every ALARM_REPEAT_MS while looping and unacknowledged.
  const latestId = state.alerts[0]?.id;
  const audible = isAudible(state, settings);
  const repeat = shouldRepeat(state, settings);
  const { sound, volume } = settings;
  // A premium reporter's report (SPEC §6 premium alert) plays its own pattern while it is the latest.
  const premium = state.alerts[0]?.premium === true;
  const playedFor = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (latestId === undefined || latestId === playedFor.current) return;
    playedFor.current = latestId;
    if (audible) void (premium ? player.playPremium(volume) : player.play(sound, volume));
  }, [latestId, audible, player, sound, volume, premium]);
  useEffect(() => {
    if (!repeat) return undefined;
    const timer = setInterval(() => void (premium ? player.playPremium(volume) : player.play(sound, volume)), ALARM_REPEAT_MS);
    return () => clearInterval(timer);
  }, [repeat, player, sound, volume, premium]);

  // Tab title counter, for when sound is blocked or the tab is in the background.
  useEffect(() => {
    document.title = titleWithCounter(document.title, state.unseen);
  }, [state.unseen]);
  useEffect(() => () => void (document.title = titleWithCounter(document.title, 0)), []);

  const enableSound = useCallback(() => {
    void player.resume().then((running) => {
      if (running) player.play(sound, volume);
    });
  }, [player, sound, volume]);
  const openReport = useCallback((uuid: string) => navigate(`/v3/events/${uuid}`), [navigate]);

  const muted = settings.mute || settings.volume === 0;
  return (
    <Flex align="center" gap={8} className="alarm-center">
      {availability === "suspended" && !settings.mute && (
        <Button
          type="primary"
          danger
          size="small"
          icon={<SoundOutlined />}
          onClick={enableSound}
          className="alarm-center__enable"
          aria-label={t("alarm.enableSound")}
          data-testid="enable-sound"
        >
          <span className="alarm-center__enable-label">{t("alarm.enableSound")}</span>
        </Button>
      )}
      <Popover
        trigger="click"
        placement="bottomRight"
        title={t("alarm.settings")}
        content={
          <Suspense fallback={<Spin size="small" />}>
            <AudioSettingsPanel
              settings={settings}
              onChange={updateSettings}
              availability={availability}
              onEnable={enableSound}
              onTest={() => player.play(sound, volume)}
            />
          </Suspense>
        }
      >
        <Tooltip title={t("alarm.openSettings")}>
          <Badge count={state.unseen} size="small" offset={[-4, 4]}>
            <Button
              type="text"
              icon={muted ? <MutedOutlined /> : <SoundOutlined />}
              aria-label={t("alarm.openSettings")}
              className={`alarm-center__button${state.ringing ? " alarm-center__button--ringing" : ""}`}
              data-testid="alarm-settings-button"
              // Fetched as the pointer or focus arrives, so the popover opens with its controls.
              onPointerEnter={() => void loadSettingsPanel()}
              onFocus={() => void loadSettingsPanel()}
              data-muted={muted}
            />
          </Badge>
        </Tooltip>
      </Popover>
      <NewReportAlert state={state} dispatch={dispatch} onOpen={openReport} />
    </Flex>
  );
}
