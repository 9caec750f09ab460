import type { Priority, ReportListItem } from "@atalaya/shared";
import type { AlarmSettings } from "./alarm-settings";

/** How often a looping alarm repeats while nobody acknowledged it. */
export const ALARM_REPEAT_MS = 2_000;
/** New pending reports kept in the alert banner. */
export const ALARM_ALERTS_KEPT = 20;

/** What the alert banner shows of a new pending report. */
export interface AlarmAlert {
  id: number;
  uuid: string;
  type: number;
  priority: Priority;
  description: string;
  address: string | null;
  createdAt: string;
  /** From a subscribed reporter in a premium_alert company: the premium sound and banner. */
  premium?: boolean;
}

/**
 * The alarm: alerts are the new pending reports not yet dealt with (newest first); `ringing` while
 * nobody acknowledged them (the sound repeats); `unseen` counts them for the tab title.
 */
export interface AlarmState {
  alerts: readonly AlarmAlert[];
  ringing: boolean;
  unseen: number;
}

export type AlarmAction =
  /** A new pending report passing the operator's filters arrived. */
  | { type: "newPending"; alert: AlarmAlert }
  /** The operator clicked in the focused tab, or pressed "stop": the sound stops, alerts stay listed. */
  | { type: "acknowledge" }
  /** The operator opened a report (its detail route). */
  | { type: "opened"; uuid: string }
  /** The report is no longer pending for this operator (taken, closed, removed, filtered out). */
  | { type: "resolved"; id: number }
  /** The operator closed one alert, or the whole banner. */
  | { type: "dismiss"; id: number }
  | { type: "dismissAll" };

export const INITIAL_ALARM_STATE: AlarmState = { alerts: [], ringing: false, unseen: 0 };

/** The banner entry of a report. */
export function toAlarmAlert(report: ReportListItem): AlarmAlert {
  return {
    id: report.id,
    uuid: report.uuid,
    type: report.type,
    priority: report.priority,
    description: report.description,
    address: report.address,
    createdAt: report.createdAt,
    premium: report.premiumUser,
  };
}

function without(state: AlarmState, keep: (alert: AlarmAlert) => boolean, acknowledge: boolean): AlarmState {
  const alerts = state.alerts.filter(keep);
  if (alerts.length === state.alerts.length && !acknowledge) return state;
  if (alerts.length === 0) return INITIAL_ALARM_STATE;
  return {
    alerts,
    ringing: acknowledge ? false : state.ringing,
    unseen: acknowledge ? 0 : Math.min(state.unseen, alerts.length),
  };
}

/** The alarm state machine (pure). */
export function alarmReducer(state: AlarmState, action: AlarmAction): AlarmState {
  switch (action.type) {
    case "newPending": {
      if (state.alerts.some((alert) => alert.id === action.alert.id)) return state;
      return {
        alerts: [action.alert, ...state.alerts].slice(0, ALARM_ALERTS_KEPT),
        ringing: true,
        unseen: state.unseen + 1,
      };
    }
    case "acknowledge":
      return state.ringing || state.unseen > 0 ? { ...state, ringing: false, unseen: 0 } : state;
    case "opened": {
      // Opening a report acknowledges the alarm; that report's alert is done.
      if (!state.ringing && state.unseen === 0 && !state.alerts.some((alert) => alert.uuid === action.uuid)) return state;
      return without(state, (alert) => alert.uuid !== action.uuid, true);
    }
    case "resolved":
    case "dismiss":
      return without(state, (alert) => alert.id !== action.id, false);
    case "dismissAll":
      return state.alerts.length === 0 && !state.ringing ? state : INITIAL_ALARM_STATE;
  }
}

/** True when the alarm should be heard now: something unacknowledged, not muted, volume above 0. */
export function isAudible(state: AlarmState, settings: AlarmSettings): boolean {
  return state.ringing && !settings.mute && settings.volume > 0;
}

/** True when the sound repeats every ALARM_REPEAT_MS (loop on and audible). */
export function shouldRepeat(state: AlarmState, settings: AlarmSettings): boolean {
  return settings.loop && isAudible(state, settings);
}

const COUNTER_PREFIX = /^\(\d+\)\s+/;

/** The tab title with the unseen counter: "(3) Atalaya"; without a counter when nothing is unseen. */
export function titleWithCounter(title: string, unseen: number): string {
  const base = title.replace(COUNTER_PREFIX, "");
  return unseen > 0 ? `(${unseen}) ${base}` : base;
}
