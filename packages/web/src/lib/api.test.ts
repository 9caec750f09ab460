import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { STORAGE_KEYS, localStore, sessionStore } from "./storage";
import { ApiError, buildUrl, createApiClient, parseRetryAfter, type ApiDeps } from "./api";
import { getSession, saveSession, EXPIRED_LOGIN_PATH, handleUnauthorized } from "../features/session";

const TRANSLATIONS: Record<string, string> = {
  wrongPassword: "Contraseña incorrecta",
  validation: "Revisa los datos",
  generalError: "Ha ocurrido un error inesperado, por favor inténtalo de nuevo",
  actionFailed: "Algo salió mal, por favor inténtalo de nuevo.",
};
const REASONS: Record<string, string> = { notTaken: "Primero hay que tomar el reporte." };

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

function client(respond: (url: string, init: RequestInit) => Response | Promise<Response>, overrides: Partial<ApiDeps> = {}) {
  const calls: { url: string; init: RequestInit }[] = [];
  const onUnauthorized = vi.fn();
  const api = createApiClient({
    fetch: async (url, init) => {
      calls.push({ url, init });
      return respond(url, init);
    },
    getToken: () => "tok-123",
    getLanguage: () => "fr",
    onUnauthorized,
    translateError: (code, { retryAfterSeconds, reason }) => {
      if (reason && REASONS[reason]) return REASONS[reason];
      return code === "tooManyAttempts" ? `Attendez ${retryAfterSeconds ?? "?"} s` : (TRANSLATIONS[code] ?? null);
    },
    ...overrides,
  });
  return { api, calls, onUnauthorized };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

afterEach(() => {
  localStore().removeItem(STORAGE_KEYS.session);
  localStore().removeItem(STORAGE_KEYS.companyId);
  sessionStore().removeItem(STORAGE_KEYS.returnTo);
});

describe("api client", () => {
  it("calls /api with the access-token and Accept-Language headers and a JSON body", async () => {
    const { api, calls } = client(() => json(200, { ok: true }));
    await expect(api.post("/realtime/ticket", { companyId: 4 }, { query: { a: 1, b: null } })).resolves.toEqual({ ok: true });
    const [call] = calls;
    expect(call?.url).toBe("/api/realtime/ticket?a=1");
    expect(call?.init.method).toBe("POST");
    expect(call?.init.headers).toMatchObject({ "access-token": "tok-123", "Accept-Language": "fr", "Content-Type": "application/json" });
    expect(call?.init.body).toBe(JSON.stringify({ companyId: 4 }));
  });

  it("sends a FormData body as multipart (no JSON Content-Type) and honours keepalive", async () => {
    const { api, calls } = client(() => json(200, { ok: true }));
    const form = new FormData();
    form.append("body", "hola");
    await api.post("/reports/1/comments", form, { keepalive: true });
    const [call] = calls;
    expect(call?.init.body).toBe(form);
    expect(call?.init.headers).not.toHaveProperty("Content-Type");
    expect(call?.init.keepalive).toBe(true);
  });

  it("omits the access-token header without a session", async () => {
    const { api, calls } = client(() => json(200, {}), { getToken: () => null });
    await api.get("/settings");
    expect(calls[0]?.init.headers).not.toHaveProperty("access-token");
  });

  it("on any 401 calls the unauthorized handler and rejects", async () => {
    const { api, onUnauthorized } = client(() =>
      json(401, { success: false, error: { code: "notAuthenticated", message: "user not authenticated" } }),
    );
    const error = await failure(api.get("/settings"));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(error.status).toBe(401);
    expect(error.code).toBe("notAuthenticated");
  });

  it("lets the login call answer 401 without ending the session", async () => {
    const { api, onUnauthorized } = client(() => json(401, { success: false, error: { code: "wrongPassword" } }));
    const error = await failure(api.post("/login", {}, { redirectOnUnauthorized: false }));
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(error.message).toBe("Contraseña incorrecta");
    expect(error.translated).toBe(true);
  });

  it("reads the SPEC §8 general texts unless the server code has a translation", async () => {
    const untranslated = await failure(
      client(() => json(500, { success: false, error: { code: "boom", message: "kaput" } })).api.get("/x"),
    );
    expect(untranslated.message).toBe("Ha ocurrido un error inesperado, por favor inténtalo de nuevo");
    expect(untranslated.serverMessage).toBe("kaput");
    expect(untranslated.translated).toBe(false);

    // A refused action without a text of its own.
    const noBody = await failure(client(() => new Response("", { status: 404 })).api.get("/x"));
    expect(noBody.message).toBe("Algo salió mal, por favor inténtalo de nuevo.");
    expect(noBody.translated).toBe(false);

    // Without any translation at all, the status.
    const bare = await failure(client(() => new Response("", { status: 418 }), { translateError: () => null }).api.get("/x"));
    expect(bare.message).toBe("Error 418");

    const translated = await failure(
      client(() => json(400, { success: false, error: { code: "validation", fields: [{ field: "email", code: "required" }] } })).api.get("/x"),
    );
    expect(translated.message).toBe("Revisa los datos");
    expect(translated.fields).toEqual([{ field: "email", code: "required" }]);
  });

  it("reads the unexpected-error text when no response arrives", async () => {
    const error = await failure(
      client(() => {
        throw new TypeError("Failed to fetch");
      }).api.get("/x"),
    );
    expect(error.status).toBe(0);
    expect(error.message).toBe("Ha ocurrido un error inesperado, por favor inténtalo de nuevo");
  });

  it("tells onFailure of every failed call (no response as 0) but not of an aborted one", async () => {
    const onFailure = vi.fn();
    await failure(client(() => json(502, {}), { onFailure }).api.get("/companies/1/reports", { query: { q: "secret" } }));
    await failure(client(() => json(404, { success: false, error: { code: "notFound" } }), { onFailure }).api.put("/x/9"));
    await failure(client(() => Promise.reject(new TypeError("Failed to fetch")), { onFailure }).api.post("/y"));
    const aborted = client(() => Promise.reject(new DOMException("aborted", "AbortError")), { onFailure }).api.get("/z");
    await expect(aborted).rejects.toThrow();
    expect(onFailure.mock.calls).toEqual([["GET", "/companies/1/reports", 502], ["PUT", "/x/9", 404], ["POST", "/y", 0]]);
  });

  it("keeps a 409's reason and reads the reason's text", async () => {
    const { api } = client(() =>
      json(409, { success: false, error: { code: "invalidTransition", reason: "notTaken", message: "The report must be taken first" } }),
    );
    const error = await failure(api.put("/companies/1/reports/2", { priority: "high" }));
    expect(error).toMatchObject({ status: 409, code: "invalidTransition", reason: "notTaken", translated: true });
    expect(error.message).toBe("Primero hay que tomar el reporte.");
    expect(error.serverMessage).toBe("The report must be taken first");

    const noReason = await failure(client(() => json(409, { success: false, error: { code: "conflict" } })).api.get("/x"));
    expect(noReason.reason).toBeNull();
  });

  it("passes the fields of a validation error to the translation", async () => {
    const seen: unknown[] = [];
    const { api } = client(() => json(400, { success: false, error: { code: "validation", fields: [{ field: "phone", code: "invalid_format" }] } }), {
      translateError: (code, context) => {
        seen.push({ code, fields: context.fields });
        return "Validation errors: phone";
      },
    });
    const error = await failure(api.post("/x", {}));
    expect(error.message).toBe("Validation errors: phone");
    expect(seen).toEqual([{ code: "validation", fields: [{ field: "phone", code: "invalid_format" }] }]);
  });

  it("passes the Retry-After wait to the tooManyAttempts translation", async () => {
    const error = await failure(
      client(() => json(429, { success: false, error: { code: "tooManyAttempts" } }, { "Retry-After": "120" })).api.post("/login"),
    );
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(120);
    expect(error.message).toBe("Attendez 120 s");
  });

  it("treats a 200 with success:false as a failure", async () => {
    const error = await failure(client(() => json(200, { success: false, error: { code: "validation" } })).api.get("/x"));
    expect(error.code).toBe("validation");
  });

  it("validates the body against the given schema", async () => {
    const schema = z.object({ ticket: z.string() });
    const { api } = client(() => json(200, { ticket: 5 }));
    const error = await failure(api.get("/x", { schema }));
    expect(error.code).toBe("generalError");
    await expect(client(() => json(200, { ticket: "t" })).api.get("/x", { schema })).resolves.toEqual({ ticket: "t" });
  });

  it("lets aborts through untouched", async () => {
    const abort = new DOMException("aborted", "AbortError");
    await expect(
      client(() => {
        throw abort;
      }).api.get("/x"),
    ).rejects.toBe(abort);
  });
});

describe("401 handling", () => {
  it("clears the session and organisation, remembers the route and goes to the login with from=requestAsync", async () => {
    saveSession({ token: "tok", userId: 1 });
    localStore().setItem(STORAGE_KEYS.companyId, "9");
    const navigate = vi.fn();
    const clearCache = vi.fn();
    const { api } = client(() => json(401, { success: false, error: { code: "notAuthenticated" } }), {
      getToken: () => getSession()?.token ?? null,
      onUnauthorized: () =>
        handleUnauthorized({ location: { pathname: "/v3/events/abc", search: "?tab=1", hash: "" }, clearCache, navigate }),
    });
    await failure(api.get("/companies/9/reports/by-uuid/abc"));
    expect(getSession()).toBeNull();
    expect(localStore().getItem(STORAGE_KEYS.companyId)).toBeNull();
    expect(sessionStore().getItem(STORAGE_KEYS.returnTo)).toBe("/v3/events/abc?tab=1");
    expect(clearCache).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith(EXPIRED_LOGIN_PATH);
    expect(EXPIRED_LOGIN_PATH).toBe("/v3/login?from=requestAsync");
  });

  it("does not navigate again when already on the login route", () => {
    const navigate = vi.fn();
    handleUnauthorized({ location: { pathname: "/v3/login", search: "", hash: "" }, clearCache: () => undefined, navigate });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe("helpers", () => {
  it("parses Retry-After as seconds or as an HTTP date", () => {
    expect(parseRetryAfter("30")).toBe(30);
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", Date.parse("Wed, 21 Oct 2015 07:27:00 GMT"))).toBe(60);
    expect(parseRetryAfter("soon")).toBeNull();
  });

  it("builds query strings without empty values", () => {
    expect(buildUrl("/api", "/settings", { companyId: null })).toBe("/api/settings");
    expect(buildUrl("/api", "/events", { after: 0 })).toBe("/api/events?after=0");
  });
});
