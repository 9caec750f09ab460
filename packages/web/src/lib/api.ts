import type { ConflictReason, ErrorBody, FieldError } from "@atalaya/shared";
import type { ZodType } from "zod";

/** A failed API call: HTTP status (0 when no response arrived), server error code (and a 409's
 * reason) and a display text. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** Why a 409 refused the action (CONFLICT_REASONS); `message` is then its text. */
  readonly reason: ConflictReason | null;
  readonly fields: FieldError[];
  readonly serverMessage: string | null;
  readonly retryAfterSeconds: number | null;
  /** True when `message` is the portal's translation of `reason` or `code`, false for the general
   * SPEC §8 texts ("Something went wrong…", "An unexpected error…") or the `Error {status}` fallback. */
  readonly translated: boolean;

  constructor(init: {
    message: string;
    status: number;
    code?: string | null;
    reason?: ConflictReason | null;
    fields?: FieldError[];
    serverMessage?: string | null;
    retryAfterSeconds?: number | null;
    translated?: boolean;
  }) {
    super(init.message);
    this.name = "ApiError";
    this.status = init.status;
    this.code = init.code ?? null;
    this.reason = init.reason ?? null;
    this.fields = init.fields ?? [];
    this.serverMessage = init.serverMessage ?? null;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.translated = init.translated ?? false;
  }
}

/** True when the value is an ApiError (also across module copies, e.g. after hot reload). */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError || (value instanceof Error && value.name === "ApiError" && "status" in value);
}

export type QueryValue = string | number | boolean | null | undefined;

/** Options of one call. */
export interface RequestOptions<T> {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Validates and types the response body; a mismatch is reported as `generalError`. */
  schema?: ZodType<T>;
  signal?: AbortSignal;
  /** Default true. Calls such as login answer 401 for wrong credentials and must not end the session. */
  redirectOnUnauthorized?: boolean;
  /** Lets the request outlive the page (e.g. telling the server a screen was closed). */
  keepalive?: boolean;
  /** The token to send instead of the session's (the logout, sent after the session is forgotten). */
  token?: string;
}

/** What the client needs from the outside world; injected so the logic runs in unit tests. */
export interface ApiDeps {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  getToken: () => string | null;
  getLanguage: () => string;
  /** Called on any 401: clear the local session and send the user to the login route. */
  onUnauthorized: () => void;
  /**
   * Translation of a server error code (a 409's reason first; a validation error with its fields),
   * or null when the portal has none. Also asked for "generalError" (no response, 5xx) and
   * "actionFailed" (any other failure without a text of its own).
   */
  translateError: (code: string, context: ErrorContext) => string | null;
  /** Told of every call that failed (status 0: no response; never an aborted one), e.g. to report it. */
  onFailure?: (method: string, path: string, status: number) => void;
  baseUrl?: string;
}

/** What is known of a failed call besides its code. */
export interface ErrorContext {
  status: number;
  retryAfterSeconds: number | null;
  reason: ConflictReason | null;
  fields: FieldError[];
}

/** The SPEC §8 text for a failure the portal has no specific text for: no response or a server
 * fault is unexpected ("generalError"), anything else is a failed action ("actionFailed"). */
export function fallbackErrorKey(status: number): "generalError" | "actionFailed" {
  return status === 0 || status >= 500 ? "generalError" : "actionFailed";
}

export interface ApiClient {
  request<T = unknown>(method: string, path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
}

/** Seconds to wait from a `Retry-After` header (delta seconds or HTTP date), or null. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === "") return null;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** Builds `base + path + ?query`, skipping null and undefined values. */
export function buildUrl(base: string, path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `${path.includes("?") ? "&" : "?"}${search}` : ""}`;
}

async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return null;
  }
  if (text.trim() === "") return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

let errorBodyModule: Promise<typeof import("./error-body")> | null = null;

/** A failed call's body read with the shared schema (loaded on the first failure), or null. */
async function parseErrorBody(body: unknown): Promise<ErrorBody | null> {
  if (typeof body !== "object" || body === null) return null;
  try {
    errorBodyModule ??= import("./error-body");
    const parsed = (await errorBodyModule).errorBodySchema.safeParse(body);
    return parsed.success ? parsed.data : null;
  } catch {
    // The schema could not be loaded (the network is gone): the general texts are used.
    errorBodyModule = null;
    return null;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

/** Where the server answers the API: the prefix of every API route, and of the files it serves. */
export const API_BASE = "/api";

/** Creates the fetch wrapper: base `/api`, `access-token` and `Accept-Language` headers, typed errors, 401 handling. */
export function createApiClient(deps: ApiDeps): ApiClient {
  const base = deps.baseUrl ?? API_BASE;

  const failure = async (status: number, body: unknown, retryAfterSeconds: number | null): Promise<ApiError> => {
    const parsed = await parseErrorBody(body);
    const code = parsed ? parsed.error.code : null;
    const reason = parsed ? (parsed.error.reason ?? null) : null;
    const fields = parsed ? (parsed.error.fields ?? []) : [];
    const context: ErrorContext = { status, retryAfterSeconds, reason, fields };
    const translated = code ? deps.translateError(code, context) : null;
    const fallback = translated ?? deps.translateError(fallbackErrorKey(status), context);
    return new ApiError({
      message: translated ?? fallback ?? `Error ${status}`,
      status,
      code,
      reason,
      fields,
      serverMessage: parsed ? (parsed.error.message ?? null) : null,
      retryAfterSeconds,
      translated: translated !== null,
    });
  };

  async function request<T>(method: string, path: string, options: RequestOptions<T> = {}): Promise<T> {
    const headers: Record<string, string> = { "Accept-Language": deps.getLanguage(), Accept: "application/json" };
    const token = options.token ?? deps.getToken();
    if (token) headers["access-token"] = token;
    const init: RequestInit = { method, headers, credentials: "same-origin" };
    if (options.signal) init.signal = options.signal;
    if (options.keepalive) init.keepalive = true;
    if (typeof FormData !== "undefined" && options.body instanceof FormData) {
      // Multipart uploads: the browser writes the Content-Type with its boundary.
      init.body = options.body;
    } else if (options.body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(options.body);
    }

    let response: Response;
    try {
      response = await deps.fetch(buildUrl(base, path, options.query), init);
    } catch (error) {
      if (isAbort(error)) throw error;
      deps.onFailure?.(method, path, 0);
      throw await failure(0, null, null);
    }

    const body = await readBody(response);
    const retryAfter = parseRetryAfter(response.headers.get("Retry-After"));

    if (response.status === 401) {
      if (options.redirectOnUnauthorized !== false) deps.onUnauthorized();
      throw await failure(401, body, retryAfter);
    }
    if (!response.ok) deps.onFailure?.(method, path, response.status);
    const declaredFailure =
      typeof body === "object" && body !== null && (body as { success?: unknown }).success === false;
    if (!response.ok || declaredFailure) throw await failure(response.status, body, retryAfter);

    if (!options.schema) return body as T;
    const parsed = options.schema.safeParse(body);
    if (!parsed.success) {
      const translated = deps.translateError("generalError", { status: response.status, retryAfterSeconds: null, reason: null, fields: [] });
      throw new ApiError({
        message: translated ?? `Error ${response.status}`,
        status: response.status,
        code: "generalError",
        translated: translated !== null,
      });
    }
    return parsed.data;
  }

  return {
    request,
    get: (path, options) => request("GET", path, options),
    post: (path, body, options) => request("POST", path, { ...options, body }),
    put: (path, body, options) => request("PUT", path, { ...options, body }),
    delete: (path, options) => request("DELETE", path, options),
  };
}

let configured: ApiClient | null = null;

/** Installs the client the whole portal uses (done once in `main.tsx`). */
export function configureApi(deps: ApiDeps): void {
  configured = createApiClient(deps);
}

function current(): ApiClient {
  if (!configured) throw new Error("configureApi() must run before the first API call");
  return configured;
}

/** The portal's API client; see `createApiClient`. */
export const api: ApiClient = {
  request: (method, path, options) => current().request(method, path, options),
  get: (path, options) => current().get(path, options),
  post: (path, body, options) => current().post(path, body, options),
  put: (path, body, options) => current().put(path, body, options),
  delete: (path, options) => current().delete(path, options),
};
