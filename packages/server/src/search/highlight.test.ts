import { describe, expect, it } from "vitest";
import { fold, highlight, similarity } from "./highlight.js";

describe("highlight", () => {
  it("marks the original accented word for an unaccented query", () => {
    expect(highlight("Vehículo abandonado", "VEHICULO")).toEqual([
      { text: "Vehículo", mark: true },
      { text: " abandonado", mark: false },
    ]);
    expect(highlight("Avenida Ñuñoa 123", "nunoa")).toEqual([
      { text: "Avenida ", mark: false },
      { text: "Ñuñoa", mark: true },
      { text: " 123", mark: false },
    ]);
  });

  it("marks the closest word for a typo, and nothing when nothing is close", () => {
    expect(highlight("Choque entre dos vehículos", "vehiclo")?.filter((s) => s.mark)).toEqual([{ text: "vehículos", mark: true }]);
    expect(highlight("Luminaria apagada", "zorobabel")).toBeNull();
  });

  it("cuts long texts around the first match, with ellipses", () => {
    const text = `${"palabra ".repeat(40)}vehículo ${"otra ".repeat(60)}`;
    const segments = highlight(text, "vehiculo")!;
    expect(segments[0]).toEqual({ text: "…", mark: false });
    expect(segments.at(-1)).toEqual({ text: "…", mark: false });
    expect(segments.filter((s) => s.mark)).toEqual([{ text: "vehículo", mark: true }]);
    expect(segments.map((s) => s.text).join("").length).toBeLessThanOrEqual(162);
  });

  it("keeps offsets right when folding changes lengths", () => {
    const f = fold("Ǆemal ﬁn");
    expect(f.text.length).toBe(f.from.length);
    expect(highlight("Ǆemal ﬁn del camino", "camino")!.filter((s) => s.mark)).toEqual([{ text: "camino", mark: true }]);
  });

  it("similarity is pg_trgm's", () => {
    expect(similarity("vehiculo", "vehiculo")).toBe(1);
    expect(similarity("vehiclo", "vehiculo")).toBeCloseTo(6 / 11);
  });
});
