import { describe, expect, it } from "vitest";
import { DEFAULT_ALARM_SETTINGS } from "./alarm-settings";
import {
  ALARM_ALERTS_KEPT,
  INITIAL_ALARM_STATE,
  alarmReducer,
  isAudible,
  shouldRepeat,
  titleWithCounter,
  type AlarmAlert,
  type AlarmState,
} from "./alarm-state";

function alert(id: number): AlarmAlert {
  return { id, uuid: `uuid-${id}`, type: 0, priority: "normal", description: `Reporte ${id}`, address: null, createdAt: "2026-11-20T12:00:00Z" };
}

const run = (...actions: Parameters<typeof alarmReducer>[1][]): AlarmState => actions.reduce(alarmReducer, INITIAL_ALARM_STATE);

describe("alarm state machine", () => {
  it("rings on a new pending report and counts it once", () => {
    const state = run({ type: "newPending", alert: alert(1) }, { type: "newPending", alert: alert(1) }, { type: "newPending", alert: alert(2) });
    expect(state.ringing).toBe(true);
    expect(state.unseen).toBe(2);
    expect(state.alerts.map((a) => a.id)).toEqual([2, 1]);
  });

  it("stops ringing when acknowledged (click in the focused tab) but keeps the alerts", () => {
    const state = run({ type: "newPending", alert: alert(1) }, { type: "acknowledge" });
    expect(state).toMatchObject({ ringing: false, unseen: 0 });
    expect(state.alerts).toHaveLength(1);
    // A later report rings again.
    expect(alarmReducer(state, { type: "newPending", alert: alert(2) })).toMatchObject({ ringing: true, unseen: 1 });
  });

  it("opening the report acknowledges and clears its alert", () => {
    const state = run({ type: "newPending", alert: alert(1) }, { type: "newPending", alert: alert(2) }, { type: "opened", uuid: "uuid-2" });
    expect(state).toMatchObject({ ringing: false, unseen: 0 });
    expect(state.alerts.map((a) => a.id)).toEqual([1]);
    expect(alarmReducer(state, { type: "opened", uuid: "uuid-1" })).toEqual(INITIAL_ALARM_STATE);
  });

  it("goes quiet when every alerted report stopped being pending (taken by a colleague)", () => {
    const one = run({ type: "newPending", alert: alert(1) }, { type: "newPending", alert: alert(2) }, { type: "resolved", id: 1 });
    expect(one).toMatchObject({ ringing: true, unseen: 1 });
    expect(alarmReducer(one, { type: "resolved", id: 2 })).toEqual(INITIAL_ALARM_STATE);
    expect(alarmReducer(one, { type: "resolved", id: 99 })).toBe(one);
  });

  it("keeps a bounded list of alerts and can dismiss them all", () => {
    const actions = Array.from({ length: ALARM_ALERTS_KEPT + 5 }, (_, i) => ({ type: "newPending" as const, alert: alert(i + 1) }));
    const state = run(...actions);
    expect(state.alerts).toHaveLength(ALARM_ALERTS_KEPT);
    expect(alarmReducer(state, { type: "dismissAll" })).toEqual(INITIAL_ALARM_STATE);
  });

  it("is audible unless muted or at volume 0, and repeats only with loop on", () => {
    const ringing = run({ type: "newPending", alert: alert(1) });
    expect(isAudible(ringing, DEFAULT_ALARM_SETTINGS)).toBe(true);
    expect(shouldRepeat(ringing, DEFAULT_ALARM_SETTINGS)).toBe(true);
    expect(isAudible(ringing, { ...DEFAULT_ALARM_SETTINGS, mute: true })).toBe(false);
    expect(isAudible(ringing, { ...DEFAULT_ALARM_SETTINGS, volume: 0 })).toBe(false);
    expect(shouldRepeat(ringing, { ...DEFAULT_ALARM_SETTINGS, loop: false })).toBe(false);
    expect(isAudible(alarmReducer(ringing, { type: "acknowledge" }), DEFAULT_ALARM_SETTINGS)).toBe(false);
  });

  it("puts the unseen counter in the tab title", () => {
    expect(titleWithCounter("Atalaya", 3)).toBe("(3) Atalaya");
    expect(titleWithCounter("(3) Atalaya", 4)).toBe("(4) Atalaya");
    expect(titleWithCounter("(4) Atalaya", 0)).toBe("Atalaya");
  });
});
