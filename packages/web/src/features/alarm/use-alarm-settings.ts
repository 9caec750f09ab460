import { useCallback, useEffect, useState } from "react";
import { usersRouteTable as users } from "@atalaya/shared";
import { call } from "../../lib/call";
import { localStore } from "../../lib/storage";
import { useSettings } from "../settings";
import { readAlarmSettings, writeAlarmSettings, type AlarmSettings } from "./alarm-settings";

// Every mounted copy of the hook (the header's alarm, the sounds screen) hears a change made by another.
const listeners = new Set<() => void>();

/**
 * The signed-in operator's alarm settings. They persist per user: saved to the server profile
 * (`PUT /api/user/{id}/settings`) and kept in this browser too, so a change is not lost offline.
 */
export function useAlarmSettings(): [AlarmSettings, (patch: Partial<AlarmSettings>) => void] {
  const { settings } = useSettings();
  const userId = settings.user.id;
  const server = settings.user.settings.alarm;
  const [state, setState] = useState(() => ({ userId, value: readAlarmSettings(localStore(), userId, server) }));
  const current = state.userId === userId ? state.value : readAlarmSettings(localStore(), userId, server);

  useEffect(() => {
    const reread = (): void => setState({ userId, value: readAlarmSettings(localStore(), userId, server) });
    listeners.add(reread);
    return () => void listeners.delete(reread);
  }, [userId, server]);

  const update = useCallback(
    (patch: Partial<AlarmSettings>) => {
      const value = { ...current, ...patch };
      writeAlarmSettings(localStore(), userId, value);
      setState({ userId, value });
      for (const listener of listeners) listener();
      // The browser copy already holds the change; a failed save is retried with the next change.
      void call(users.putUserByIdSettings, { params: { id: userId }, body: { alarm: value } }).catch(() => undefined);
    },
    [current, userId],
  );
  return [current, update];
}
