import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.js";
import { AppError } from "../http/errors.js";
import { startFakeGeocoder, type FakeGeocoder } from "../test/fake-geocoder.js";
import { geocode, usableAddress } from "./geocoder.js";

let fake: FakeGeocoder;
beforeAll(async () => {
  fake = await startFakeGeocoder();
});
afterAll(() => fake.close());

const options = () => ({ url: fake.url, timeoutMs: 2000, contact: "http://portal.test" });
async function failure(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe("GEOCODER_URL and GEOCODER_TIMEOUT_MS", () => {
  it("default to Nominatim and 5 s; a wrong value names the setting", () => {
    expect(loadConfig({})).toMatchObject({ geocoderUrl: "https://nominatim.openstreetmap.org", geocoderTimeoutMs: 5000 });
    expect(loadConfig({ GEOCODER_URL: "http://127.0.0.1:8088/" }).geocoderUrl).toBe("http://127.0.0.1:8088");
    expect(() => loadConfig({ GEOCODER_URL: "ftp://geo" })).toThrow(ConfigError);
    expect(() => loadConfig({ GEOCODER_URL: "ftp://geo" })).toThrow(/GEOCODER_URL/);
    expect(() => loadConfig({ GEOCODER_TIMEOUT_MS: "soon" })).toThrow(/GEOCODER_TIMEOUT_MS/);
  });
});

describe("usableAddress", () => {
  it("needs three letters or digits", () => {
    expect(usableAddress("   ")).toBeUndefined();
    expect(usableAddress("-- .")).toBeUndefined();
    expect(usableAddress("a1")).toBeUndefined();
    expect(usableAddress("  Huérfanos   1234 ")).toBe("Huérfanos 1234");
  });
});

describe("geocode", () => {
  it("asks /search in Chile with a User-Agent and the language, and reads the first place", async () => {
    fake.place(-33.4378, -70.6505, "Huérfanos 1234, Santiago, Chile");
    const place = await geocode(options(), "Huérfanos 1234", "fr");
    expect(place).toEqual({ latitude: -33.4378, longitude: -70.6505, displayName: "Huérfanos 1234, Santiago, Chile" });
    const req = fake.requests.at(-1)!;
    expect(req.url.pathname).toBe("/search");
    expect(Object.fromEntries(req.url.searchParams)).toEqual({ format: "jsonv2", q: "Huérfanos 1234", limit: "1", countrycodes: "cl" });
    expect(req.headers["user-agent"]).toMatch(/^Atalaya\/\S+ \(\+http:\/\/portal\.test\)$/);
    expect(req.headers["accept-language"]).toBe("fr");
  });

  it("429 from the geocoder is overQueryLimit (503, Retry-After passed on)", async () => {
    fake.respond((_req, res) => res.writeHead(429, { "retry-after": "30" }).end("slow down"));
    const err = await failure(geocode(options(), "Huérfanos 1234", "es"));
    expect([err.status, err.code, err.headers]).toEqual([503, "overQueryLimit", { "retry-after": "30" }]);
  });

  it("an empty answer is noResults (422)", async () => {
    fake.respond((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end("[]"));
    const err = await failure(geocode(options(), "Calle que no existe 99999", "es"));
    expect([err.status, err.code]).toEqual([422, "noResults"]);
  });

  it("server errors, bad JSON, odd shapes, bad coordinates, timeouts and refused connections are unknow (502)", async () => {
    const cases: ((res: import("node:http").ServerResponse) => void)[] = [
      (res) => res.writeHead(500).end(),
      (res) => res.writeHead(200, { "content-type": "application/json" }).end("{not json"),
      (res) => res.writeHead(200, { "content-type": "application/json" }).end('{"error":"x"}'),
      (res) => res.writeHead(200, { "content-type": "application/json" }).end('[{"lat":"abc","lon":"1"}]'),
      (res) => res.writeHead(200, { "content-type": "application/json" }).end('[{"lat":"123","lon":"1"}]'),
      () => undefined, // never answers: the timeout ends it
    ];
    for (const answer of cases) {
      fake.respond((_req, res) => answer(res));
      const err = await failure(geocode(options(), "Huérfanos 1234", "es"));
      expect([err.status, err.code]).toEqual([502, "unknow"]);
    }
    const refused = await failure(geocode({ ...options(), url: "http://127.0.0.1:1" }, "Huérfanos 1234", "es"));
    expect(refused.code).toBe("unknow");
  });
});
