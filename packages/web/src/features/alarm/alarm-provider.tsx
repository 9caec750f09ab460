import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState, type ReactNode, type RefObject } from "react";
import { matchPath, useLocation, useNavigate } from "react-router";
import { useLiveReports } from "../reports";
import { useSettings } from "../settings";
import type { AlarmSettings } from "./alarm-settings";
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
import { useAlarmSettings } from "./use-alarm-settings";
import { useAudioAvailability } from "./use-audio-availability";

/** One alarm for the signed-in shell, read by the header's controls and by the new-report banner. */
export interface AlarmContextValue {
  state: AlarmState;
  dispatch: (action: AlarmAction) => void;
  settings: AlarmSettings;
  updateSettings: (patch: Partial<AlarmSettings>) => void;
  player: AlarmPlayer;
  availability: AudioAvailability;
  /** Unblocks the browser's audio (from a click) and plays the sound once. */
  enableSound: () => void;
  /** Opens a report's detail (which acknowledges the alarm and clears its alert). */
  openReport: (uuid: string) => void;
  /** The banner's element: a press there is the banner's own, acknowledged by its click. */
  bannerRef: RefObject<HTMLDivElement | null>;
}

const AlarmContext = createContext<AlarmContextValue | null>(null);

/** The alarm of the signed-in shell; only valid below AlarmProvider. */
export function useAlarm(): AlarmContextValue {
  const value = useContext(AlarmContext);
  if (!value) throw new Error("useAlarm() is only available inside AlarmProvider");
  return value;
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

/**
 * The alarm of SPEC §4: on a new pending report that passes the operator's filters it beeps (looping
 * every 2 s until acknowledged) and counts in the tab title; the header shows its controls and the shell
 * its banner. It also hosts the live report sync and polling fallback, since it wraps every signed-in
 * screen. A click in the focused tab acknowledges; so does opening a report.
 */
export function AlarmProvider({ children }: { children: ReactNode }): ReactNode {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { settings: shell } = useSettings();
  const [state, dispatch] = useReducer(alarmReducer, INITIAL_ALARM_STATE);
  // Another organisation or user starts from a quiet alarm (the live sync follows the organisation).
  const owner = `${shell.company.id}:${shell.user.id}`;
  const [alarmOwner, setAlarmOwner] = useState(owner);
  if (alarmOwner !== owner) {
    setAlarmOwner(owner);
    dispatch({ type: "dismissAll" });
  }
  const [settings, updateSettings] = useAlarmSettings();
  const [player] = useState(() => new AlarmPlayer());
  const availability = useAudioAvailability(player);
  const bannerRef = useRef<HTMLDivElement | null>(null);

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

  // A press in the focused tab acknowledges a ringing alarm. Not one on the banner: acknowledged as the
  // pointer goes down, the banner would redraw (its "stop" button gone) before the press ends, and the
  // click would miss the button it was meant for. The banner acknowledges with its own click instead.
  const ringing = state.ringing;
  useEffect(() => {
    if (!ringing) return undefined;
    const onPointerDown = (event: PointerEvent): void => {
      if (event.target instanceof Node && bannerRef.current?.contains(event.target)) return;
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

  const value = useMemo<AlarmContextValue>(
    () => ({ state, dispatch, settings, updateSettings, player, availability, enableSound, openReport, bannerRef }),
    [state, settings, updateSettings, player, availability, enableSound, openReport],
  );
  return <AlarmContext.Provider value={value}>{children}</AlarmContext.Provider>;
}
