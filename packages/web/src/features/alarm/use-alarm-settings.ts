import { useCallback, useState } from "react";
import { localStore } from "../../lib/storage";
import { useSettings } from "../settings/settings-context";
import { readAlarmSettings, writeAlarmSettings, type AlarmSettings } from "./alarm-settings";

/**
 * The signed-in operator's alarm settings. They persist per user in this browser (localStorage keyed
 * by user id); the server profile's `settings.alarm` seeds them. The API has no route to save them yet,
 * so nothing is sent to the server.
 */
export function useAlarmSettings(): [AlarmSettings, (patch: Partial<AlarmSettings>) => void] {
  const { settings } = useSettings();
  const userId = settings.user.id;
  const server = settings.user.settings.alarm;
  const [state, setState] = useState(() => ({ userId, value: readAlarmSettings(localStore(), userId, server) }));
  const current = state.userId === userId ? state.value : readAlarmSettings(localStore(), userId, server);

  const update = useCallback(
    (patch: Partial<AlarmSettings>) => {
      setState((previous) => {
        const base = previous.userId === userId ? previous.value : readAlarmSettings(localStore(), userId, server);
        const value = { ...base, ...patch };
        writeAlarmSettings(localStore(), userId, value);
        return { userId, value };
      });
    },
    [userId, server],
  );
  return [current, update];
}
