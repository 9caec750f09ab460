import { describe, expect, it } from "vitest";
import { isHttpUrl, sharedUrlTarget } from "./shared-url";

describe("isHttpUrl", () => {
  it("accepts absolute http and https addresses only", () => {
    expect(isHttpUrl("https://share.example.com/r/abc")).toBe(true);
    expect(isHttpUrl("http://example.com")).toBe(true);
    expect(isHttpUrl("javascript:alert(1)")).toBe(false);
    expect(isHttpUrl("data:text/html,hi")).toBe(false);
    expect(isHttpUrl("/v3/events")).toBe(false);
    expect(isHttpUrl("//evil.example.com")).toBe(false);
    expect(isHttpUrl("")).toBe(false);
  });
});

describe("sharedUrlTarget", () => {
  const own = "https://portal.example.cl";
  it("follows the portal's own origin and the listed hosts only", () => {
    expect(sharedUrlTarget("https://portal.example.cl/shared/abc", own, [])?.pathname).toBe("/shared/abc");
    expect(sharedUrlTarget("https://www.municipalidad.cl/alerta", own, ["www.municipalidad.cl"])?.hostname).toBe("www.municipalidad.cl");
    expect(sharedUrlTarget("https://WWW.Municipalidad.cl/alerta", own, ["www.municipalidad.cl"])).not.toBeNull();
    expect(sharedUrlTarget("https://evil.example.com/phish", own, ["www.municipalidad.cl"])).toBeNull();
    expect(sharedUrlTarget("http://portal.example.cl/shared/abc", own, [])).toBeNull(); // another scheme is another origin
    expect(sharedUrlTarget("https://portal.example.cl.evil.com/x", own, [])).toBeNull();
    expect(sharedUrlTarget("https://user:pw@portal.example.cl/x", own, [])).toBeNull();
    expect(sharedUrlTarget("javascript:alert(1)", own, ["alert(1)"])).toBeNull();
  });
});
