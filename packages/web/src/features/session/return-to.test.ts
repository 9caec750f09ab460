import { describe, expect, it } from "vitest";
import { createMemoryStore } from "../../lib/storage";
import { isReturnPath, rememberReturnTo, takeReturnTo } from "./return-to";

describe("return-to route", () => {
  it("accepts only internal /v3 routes other than the login", () => {
    expect(isReturnPath("/v3")).toBe(true);
    expect(isReturnPath("/v3/events/abc?x=1")).toBe(true);
    expect(isReturnPath("/v3/login")).toBe(false);
    expect(isReturnPath("/v3/login?from=requestAsync")).toBe(false);
    expect(isReturnPath("/v30/events")).toBe(false);
    expect(isReturnPath("/public/abc")).toBe(false);
    expect(isReturnPath("https://evil.example.com/v3")).toBe(false);
    expect(isReturnPath("//evil.example.com/v3")).toBe(false);
  });

  it("is taken once", () => {
    const store = createMemoryStore();
    rememberReturnTo("/v3/events/abc", store);
    expect(takeReturnTo(store)).toBe("/v3/events/abc");
    expect(takeReturnTo(store)).toBeNull();
  });

  it("ignores unsafe values written by anyone else", () => {
    const store = createMemoryStore();
    store.setItem("atalaya.returnTo", "https://evil.example.com");
    expect(takeReturnTo(store)).toBeNull();
  });
});
