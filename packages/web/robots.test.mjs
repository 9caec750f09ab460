import { readFileSync } from "node:fs";
import robotsParser from "robots-parser";
import { describe, expect, it } from "vitest";

// public/robots.txt read as crawlers read it (robots-parser, the parser Lighthouse checks the file with).
const URL_BASE = "https://portal.example.cl";
const robots = robotsParser(`${URL_BASE}/robots.txt`, readFileSync(new URL("./public/robots.txt", import.meta.url), "utf8"));

describe("robots.txt", () => {
  it("lets crawlers index the entry pages: home, sign-in, sign-up and the law-enforcement request", () => {
    for (const path of ["/", "/v3/login", "/v3/preregister", "/v3/create-account", "/v3/create-account?key=abc", "/v3/law-enforcement/access"]) {
      for (const agent of ["Googlebot", "Bingbot", "AnyBot"]) expect(robots.isAllowed(`${URL_BASE}${path}`, agent), `${agent} ${path}`).toBe(true);
    }
  });

  it("keeps the portal's screens, a report's public link, files and the API out of every index", () => {
    const closed = ["/v3/events", "/v3/events/0b6c5d1e-8f3a-4d2b-9c7e-1a2b3c4d5e6f", "/v3/login/other", "/v3", "/public/0b6c5d1e-8f3a-4d2b-9c7e-1a2b3c4d5e6f", "/api/reports", "/api/files/1", "/open311/v2/requests.json", "/v3/auth/resetPassword/abc"];
    for (const path of closed) {
      for (const agent of ["Googlebot", "Bingbot", "AnyBot"]) expect(robots.isDisallowed(`${URL_BASE}${path}`, agent), `${agent} ${path}`).toBe(true);
    }
  });
});
