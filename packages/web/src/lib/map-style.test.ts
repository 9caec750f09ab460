import { describe, expect, it } from "vitest";
import { BLANK_STYLE, isDayAt, loadStyle } from "./map-style";

const style = { version: 8, sources: {}, layers: [{ id: "land", type: "background", paint: {} }] };
const answer = (body: unknown, status = 200) => (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe("configured map styles", () => {
  it("uses the style document the server names", async () => {
    expect(await loadStyle("https://maps.example.cl/day.json", answer(style))).toEqual(style);
  });

  it("falls back to a blank base when the style server fails, answers garbage or cannot be reached", async () => {
    expect(await loadStyle("https://maps.example.cl/day.json", answer({ error: "nope" }, 500))).toBe(BLANK_STYLE);
    expect(await loadStyle("https://maps.example.cl/day.json", answer({ hello: "world" }))).toBe(BLANK_STYLE);
    const unreachable = (async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    expect(await loadStyle("https://maps.example.cl/day.json", unreachable)).toBe(BLANK_STYLE);
  });

  it("reads day from 07:00 to 19:00 on the company's clock (SPEC §9)", () => {
    expect(isDayAt("America/Santiago", new Date("2026-11-25T10:00:00Z"))).toBe(true); // 07:00 in Santiago
    expect(isDayAt("America/Santiago", new Date("2026-11-25T09:59:00Z"))).toBe(false);
    expect(isDayAt("America/Santiago", new Date("2026-11-25T22:00:00Z"))).toBe(false); // 19:00
  });
});
