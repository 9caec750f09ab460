import { PORTAL_VERSION, routeOf, type ClientErrorReport } from "@atalaya/shared";
import { getSelectedCompanyId } from "../settings";
import { getSession } from "../session";
import { createErrorReporter, describeThrown, isReportableFailure, type Captured, type ErrorReporter } from "./error-reporter";

let endpoint: string | null = null;
let endpointLoad: Promise<string> | null = null;
/** Loads the endpoint's module once; it starts with the first captured error, so that it is there when
 * the batch leaves (the reporter waits before sending). */
function loadEndpoint(): Promise<string> {
  endpointLoad ??= import("./endpoint").then(
    (module) => (endpoint = module.CLIENT_ERRORS_ENDPOINT),
    (error: unknown) => {
      endpointLoad = null; // a later error tries again
      throw error;
    },
  );
  return endpointLoad;
}

let reporter: ErrorReporter | null = null;
/** The page is being left: the browser cancels its requests, which is not a fault. Reset after a
 * moment in case the navigation did not happen. */
let leaving = false;

/** Sends a batch so that it survives the page closing: keepalive fetch with the session's token (the
 * server records who saw it), else sendBeacon without one. Failures are dropped: reporting an error
 * must never raise another. */
function send(report: ClientErrorReport): void {
  if (endpoint === null) return void loadEndpoint().then(() => send(report), () => undefined);
  const body = JSON.stringify(report);
  const token = getSession()?.token;
  try {
    void fetch(endpoint, {
      method: "POST",
      keepalive: true,
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", ...(token ? { "access-token": token } : {}) },
      body,
    }).catch(() => undefined);
  } catch {
    try {
      navigator.sendBeacon(endpoint, new Blob([body], { type: "application/json" }));
    } catch {
      // Nothing more to do.
    }
  }
}

/** Starts reporting the page's uncaught errors and unhandled rejections (once; main.tsx). */
export function installErrorReporting(): void {
  if (reporter) return;
  reporter = createErrorReporter({
    release: PORTAL_VERSION,
    location: () => window.location.pathname,
    companyId: getSelectedCompanyId,
    random: Math.random,
    now: Date.now,
    send,
    schedule: (fn, ms) => window.setTimeout(fn, ms),
  });
  window.addEventListener("error", (event) => {
    // A resource that failed to load (an <img>) has no error object; a script error has one.
    if (!event.error && !event.message) return;
    reportThrown("error", event.error ?? event.message);
  });
  window.addEventListener("unhandledrejection", (event) => reportThrown("unhandledrejection", event.reason));
  // A hiding page may not come back: what is queued leaves now.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") reporter?.flush();
  });
  window.addEventListener("beforeunload", () => {
    leaving = true;
    window.setTimeout(() => (leaving = false), 3000);
  });
  window.addEventListener("pagehide", () => {
    leaving = true;
    reporter?.flush();
  });
  window.addEventListener("pageshow", () => (leaving = false));
}

/** Reports a thrown value (an uncaught error, a rejection, a screen that failed to render). */
export function reportThrown(kind: Captured["kind"], value: unknown): void {
  // An aborted request is the page changing its mind, not a fault.
  if (value instanceof Error && value.name === "AbortError") return;
  void loadEndpoint().catch(() => undefined);
  reporter?.capture({ kind, ...describeThrown(value) });
}

/** Reports a failed API call when it is worth it (no response, 5xx, an unexpected 4xx); the path is
 * reduced to its route (ids and query gone) before it is written into the message. */
export function reportApiFailure(method: string, path: string, status: number): void {
  if (!reporter || !isReportableFailure(status) || (status === 0 && leaving)) return;
  const upper = method.toUpperCase();
  const known = (["GET", "POST", "PUT", "PATCH", "DELETE"] as const).find((m) => m === upper);
  const route = routeOf(path);
  void loadEndpoint().catch(() => undefined);
  reporter.capture({ kind: "api", message: `${upper} /api${route} failed with ${status === 0 ? "no response" : status}`, status, ...(known ? { method: known } : {}) });
}
