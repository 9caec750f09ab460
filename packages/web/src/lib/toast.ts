import type { ReactNode } from "react";
import type { App } from "antd";
import { TOAST_ERROR_SECONDS, TOAST_SUCCESS_SECONDS } from "@atalaya/shared";

type MessageApi = ReturnType<typeof App.useApp>["message"];
type MessageHandle = ReturnType<MessageApi["success"]>;

export type ToastKind = "success" | "info" | "warning" | "error";

/**
 * How long each kind of toast stays, in seconds (SPEC §8: successes 2 s, errors 3 s). A notice
 * reads like a success, a warning like an error.
 */
export const TOAST_SECONDS: Readonly<Record<ToastKind, number>> = {
  success: TOAST_SUCCESS_SECONDS,
  info: TOAST_SUCCESS_SECONDS,
  warning: TOAST_ERROR_SECONDS,
  error: TOAST_ERROR_SECONDS,
};

/** The portal's toasts: each kind shown for its SPEC §8 time. */
export type Toasts = Record<ToastKind, (content: ReactNode) => MessageHandle>;

/** Wraps Ant Design's message API so every toast gets the duration of its kind (see `useToast`). */
export function toasts(message: Pick<MessageApi, ToastKind>): Toasts {
  return {
    success: (content) => message.success(content, TOAST_SECONDS.success),
    info: (content) => message.info(content, TOAST_SECONDS.info),
    warning: (content) => message.warning(content, TOAST_SECONDS.warning),
    error: (content) => message.error(content, TOAST_SECONDS.error),
  };
}
