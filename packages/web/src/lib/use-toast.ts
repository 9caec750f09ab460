import { useMemo } from "react";
import { App } from "antd";
import { toasts, type Toasts } from "./toast";

/**
 * The toasts every screen uses instead of `App.useApp().message`, so their durations (SPEC §8) are
 * set in one place. Needs the `<App>` of `app-root.tsx` above it.
 */
export function useToast(): Toasts {
  const { message } = App.useApp();
  return useMemo(() => toasts(message), [message]);
}
