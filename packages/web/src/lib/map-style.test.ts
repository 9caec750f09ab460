import { describe, expect, it, vi } from "vitest";
import { BLANK_STYLE, OSM_DARK_STYLE, OSM_RASTER_STYLE, isDayAt, loadStyle, probeTiles, withoutTiles } from "./map-style";

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

describe("the built-in tiles", () => {
  it("are used when the tile server answers its probe tile", async () => {
    const asked: string[] = [];
    const ok = (async (url: string) => {
      asked.push(url);
      return new Response("png", { status: 200 });
    }) as unknown as typeof fetch;
    expect(await probeTiles(ok)).toBe(true);
    expect(asked).toEqual(["https://tile.openstreetmap.org/0/0/0.png"]);
  });

  it("are left out, said once, when the tile server cannot be reached or refuses", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const unreachable = (async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    expect(await probeTiles(unreachable)).toBe(false);
    expect(await probeTiles(answer("forbidden", 403))).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it("leave a style's background, day or night, and no source to ask tiles of", () => {
    expect(withoutTiles(OSM_RASTER_STYLE)).toEqual({ version: 8, sources: {}, layers: [OSM_RASTER_STYLE.layers[0]] });
    expect(withoutTiles(OSM_DARK_STYLE).layers).toEqual([{ id: "background", type: "background", paint: { "background-color": "#1d2230" } }]);
    expect(BLANK_STYLE).toEqual(withoutTiles(OSM_RASTER_STYLE));
  });
});
