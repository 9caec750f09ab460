import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.js";
import { isOrigin, parseOrigin } from "../config.js";
import { checkOrigin, originPolicy, requestOrigin, type OriginRequest } from "./origin.js";

const policy = (over: { allowedOrigins?: string[]; trustProxy?: boolean } = {}) =>
  originPolicy({ publicUrl: "https://atalaya.example.cl/portal", allowedOrigins: [], trustProxy: false, ...over });
const req = (headers: Record<string, string>, encrypted = false): OriginRequest => ({ headers, socket: encrypted ? { encrypted: true } : {} });

describe("parseOrigin", () => {
  it("normalises a browser origin and refuses anything else", () => {
    expect(parseOrigin("http://127.0.0.1:8080")).toBe("http://127.0.0.1:8080");
    expect(parseOrigin("HTTPS://Portal.Example.CL:443")).toBe("https://portal.example.cl");
    expect(parseOrigin("http://[::1]:8080")).toBe("http://[::1]:8080");
    for (const bad of ["null", "portal.example.cl", "ftp://a.cl", "http://a.cl/", "http://a.cl/x", "http://a.cl?x", "http://u:p@a.cl", "javascript:alert(1)", ""])
      expect(parseOrigin(bad), bad).toBeUndefined();
    expect(isOrigin("https://a.cl:8443")).toBe(true);
  });
});

describe("requestOrigin", () => {
  it("is the scheme of the connection and the Host header", () => {
    expect(requestOrigin(req({ host: "127.0.0.1:8080" }), false)).toBe("http://127.0.0.1:8080");
    expect(requestOrigin(req({ host: "portal.lan" }, true), false)).toBe("https://portal.lan");
    expect(requestOrigin(req({}), false)).toBeUndefined();
    expect(requestOrigin(req({ host: "evil.test/x?" }), false)).toBeUndefined();
    expect(requestOrigin(req({ host: "a@evil.test" }), false)).toBeUndefined();
  });
  it("reads X-Forwarded-Proto and X-Forwarded-Host only behind a trusted proxy", () => {
    const forwarded = req({ host: "10.0.0.5:8080", "x-forwarded-proto": "https", "x-forwarded-host": "atalaya.lan" });
    expect(requestOrigin(forwarded, true)).toBe("https://atalaya.lan");
    expect(requestOrigin(forwarded, false)).toBe("http://10.0.0.5:8080");
    // Several proxies: the first value is what the browser used.
    expect(requestOrigin(req({ host: "x", "x-forwarded-proto": "https, http", "x-forwarded-host": "a.lan, b.lan" }), true)).toBe("https://a.lan");
  });
});

describe("checkOrigin", () => {
  it("accepts the request's own origin (any address the portal is opened at)", () => {
    expect(checkOrigin("http://127.0.0.1:8080", req({ host: "127.0.0.1:8080" }), policy())).toEqual({ allowed: true, origin: "http://127.0.0.1:8080" });
    expect(checkOrigin("http://192.168.1.20:8080", req({ host: "192.168.1.20:8080" }), policy()).allowed).toBe(true);
    expect(checkOrigin("https://portal.lan", req({ host: "portal.lan" }, true), policy()).allowed).toBe(true);
    // Same host, other scheme: not the same origin.
    expect(checkOrigin("https://127.0.0.1:8080", req({ host: "127.0.0.1:8080" }), policy())).toEqual({ allowed: false, reason: "foreignOrigin" });
  });

  it("behind a proxy, accepts the forwarded origin only with TRUST_PROXY", () => {
    const forwarded = req({ host: "127.0.0.1:8080", "x-forwarded-proto": "https", "x-forwarded-host": "atalaya.lan" });
    expect(checkOrigin("https://atalaya.lan", forwarded, policy({ trustProxy: true })).allowed).toBe(true);
    expect(checkOrigin("https://atalaya.lan", forwarded, policy({ trustProxy: false }))).toEqual({ allowed: false, reason: "foreignOrigin" });
    // A forged forwarded host does not make a foreign page same-origin when the proxy is not trusted.
    const forged = req({ host: "127.0.0.1:8080", "x-forwarded-host": "evil.test" });
    expect(checkOrigin("http://evil.test", forged, policy())).toEqual({ allowed: false, reason: "foreignOrigin" });
  });

  it("accepts PUBLIC_URL's origin and ALLOWED_ORIGINS from any host", () => {
    const internal = req({ host: "10.0.0.5:8080" });
    expect(checkOrigin("https://atalaya.example.cl", internal, policy()).allowed).toBe(true);
    const p = policy({ allowedOrigins: ["https://ops.example.cl", "http://localhost:5173"] });
    expect(checkOrigin("https://ops.example.cl", internal, p).allowed).toBe(true);
    expect(checkOrigin("http://localhost:5173", internal, p).allowed).toBe(true);
    expect(checkOrigin("https://other.example.cl", internal, p)).toEqual({ allowed: false, reason: "foreignOrigin" });
  });

  it("refuses a foreign and a malformed Origin, saying which; lets a client without one through (not a browser)", () => {
    const own = req({ host: "127.0.0.1:8080" });
    expect(checkOrigin("http://evil.test", own, policy())).toEqual({ allowed: false, reason: "foreignOrigin" });
    expect(checkOrigin(undefined, own, policy())).toEqual({ allowed: true, origin: null });
    expect(checkOrigin("", own, policy())).toEqual({ allowed: false, reason: "malformedOrigin" });
    expect(checkOrigin("null", own, policy())).toEqual({ allowed: false, reason: "malformedOrigin" });
    expect(checkOrigin("http://127.0.0.1:8080/x", own, policy())).toEqual({ allowed: false, reason: "malformedOrigin" });
  });
});

describe("ALLOWED_ORIGINS setting", () => {
  it("is a comma-separated list of origins, normalised; empty by default", () => {
    expect(loadConfig({}).allowedOrigins).toEqual([]);
    expect(loadConfig({ ALLOWED_ORIGINS: " https://Ops.Example.cl , http://localhost:5173/,http://10.0.0.5:80" }).allowedOrigins).toEqual([
      "https://ops.example.cl",
      "http://localhost:5173",
      "http://10.0.0.5",
    ]);
  });
  it("stops the start with one line naming it when a value is not an origin", () => {
    for (const value of ["portal.example.cl", "https://a.cl/portal", "ftp://a.cl", "https://a.cl,*"]) {
      expect(() => loadConfig({ ALLOWED_ORIGINS: value }), value).toThrow(ConfigError);
      try {
        loadConfig({ ALLOWED_ORIGINS: value });
      } catch (err) {
        expect((err as Error).message).toMatch(/^Invalid setting ALLOWED_ORIGINS: [^\n]+$/);
      }
    }
  });
});
