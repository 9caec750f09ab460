import { describe, expect, it } from "vitest";
import { isHttpUrl } from "./shared-url";

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
