import { describe, it, expect } from "vitest";
import * as mdi from "@mdi/js";
import {
  DRUGS_TYPE_ID,
  REPORT_CATEGORIES,
  REPORT_TYPES,
  SIGNUP_CITY_TYPE_IDS,
  SIGNUP_SECURITY_TYPE_IDS,
  localizedName,
  reportTypeById,
  reportTypeByImageName,
  reportTypeImagePath,
  type Localized,
} from "./catalogue.js";
import { DEFAULT_TYPE_COLOR } from "./constants.js";

function expectFilled(value: Localized, label: string): void {
  for (const lang of ["pt", "en", "es", "fr"] as const) {
    expect(value[lang].trim(), `${label} [${lang}]`).not.toBe("");
  }
}

describe("report catalogue", () => {
  it("has five categories with ids 1 to 5 and increasing positions", () => {
    expect(REPORT_CATEGORIES.map((c) => c.id)).toEqual([1, 2, 3, 4, 5]);
    const positions = REPORT_CATEGORIES.map((c) => c.position);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(new Set(positions).size).toBe(positions.length);
  });

  it("has between 38 and 45 types with unique integer ids starting at 0", () => {
    expect(REPORT_TYPES.length).toBeGreaterThanOrEqual(38);
    expect(REPORT_TYPES.length).toBeLessThanOrEqual(45);
    const ids = REPORT_TYPES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(Number.isInteger(id) && id >= 0).toBe(true);
    expect(Math.min(...ids)).toBe(0);
  });

  it("puts every type in an existing category with increasing positions", () => {
    const categoryIds = new Set(REPORT_CATEGORIES.map((c) => c.id));
    const lastPosition = new Map<number, number>();
    for (const type of REPORT_TYPES) {
      expect(categoryIds.has(type.category_id), `type ${type.id}`).toBe(true);
      const previous = lastPosition.get(type.category_id) ?? 0;
      expect(type.position, `type ${type.id}`).toBeGreaterThan(previous);
      lastPosition.set(type.category_id, type.position);
    }
    for (const id of categoryIds) expect(lastPosition.has(id), `category ${id}`).toBe(true);
  });

  it("points the sign-up security group at active emergency or crime types", () => {
    for (const id of SIGNUP_SECURITY_TYPE_IDS) {
      const type = reportTypeById(id);
      expect(type, `type ${id}`).toBeDefined();
      expect(type?.active, `type ${id}`).toBe(true);
      expect([1, 2], `type ${id}`).toContain(type?.category_id);
    }
  });

  it("points the sign-up city group at active city-issue types", () => {
    for (const id of SIGNUP_CITY_TYPE_IDS) {
      const type = reportTypeById(id);
      expect(type, `type ${id}`).toBeDefined();
      expect(type?.active, `type ${id}`).toBe(true);
      expect(type?.category_id, `type ${id}`).toBe(3);
    }
  });

  it("keeps every outage type inactive", () => {
    const outages = REPORT_TYPES.filter((t) => t.category_id === 5);
    expect(outages.length).toBeGreaterThan(0);
    for (const type of outages) expect(type.active, `type ${type.id}`).toBe(false);
  });

  it("exports the drugs type as an active crime type", () => {
    const drugs = reportTypeById(DRUGS_TYPE_ID);
    expect(drugs?.nameLocalized.en).toBe("Drugs");
    expect(drugs?.category_id).toBe(2);
    expect(drugs?.active).toBe(true);
  });

  it("fills every localized string, image name and colour", () => {
    for (const category of REPORT_CATEGORIES) expectFilled(category.nameLocalized, `category ${category.id}`);
    for (const type of REPORT_TYPES) {
      expectFilled(type.nameLocalized, `type ${type.id} name`);
      expectFilled(type.descriptionLocalized, `type ${type.id} description`);
      expect(type.imageName).toBe(`type_${type.id}.svg`);
      expect(type.color).toMatch(/^#[0-9A-F]{6}$/i);
      expect(type.viewData.color).toBe(type.color);
      expect(type.viewData.toolbarColor).toMatch(/^#[0-9A-F]{6}$/i);
      expect(type.viewData.toolbarColor).not.toBe(type.color);
    }
  });

  it("gives every type its own symbol of the icon set, so no two types share a picture", () => {
    const symbols = REPORT_TYPES.map((t) => t.symbol);
    expect(new Set(symbols).size).toBe(REPORT_TYPES.length);
    for (const type of REPORT_TYPES) {
      // A real glyph of the set: an SVG path on its 24×24 grid.
      expect(mdi[type.symbol], `type ${type.id} (${type.symbol})`).toMatch(/^M[\d.\s,-]/);
    }
  });

  it("names each type's image file by its id and finds the type again by that name", () => {
    expect(new Set(REPORT_TYPES.map((t) => t.imageName)).size).toBe(REPORT_TYPES.length);
    for (const type of REPORT_TYPES) {
      expect(reportTypeByImageName(type.imageName)).toBe(type);
      expect(reportTypeImagePath(type.imageName)).toBe(`/report-types/type_${type.id}.svg`);
    }
    expect(reportTypeByImageName("type_999.svg")).toBeUndefined();
    expect(reportTypeByImageName("type_0.png")).toBeUndefined();
    expect(reportTypeByImageName("")).toBeUndefined();
  });

  it("uses the default type colour for crime types", () => {
    for (const type of REPORT_TYPES.filter((t) => t.category_id === 2)) {
      expect(type.color).toBe(DEFAULT_TYPE_COLOR);
    }
  });

  it("looks types up by id", () => {
    expect(reportTypeById(0)?.nameLocalized.es).toBe("Robo");
    expect(reportTypeById(-1)).toBeUndefined();
    expect(reportTypeById(9999)).toBeUndefined();
  });

  it("localizes names with an English fallback", () => {
    const value = { pt: "Roubo", en: "Robbery", es: "Robo", fr: "Vol avec violence" };
    expect(localizedName(value, "pt")).toBe("Roubo");
    expect(localizedName(value, "en")).toBe("Robbery");
    expect(localizedName(value, "es")).toBe("Robo");
    expect(localizedName(value, "fr")).toBe("Vol avec violence");
    expect(localizedName(value, "de")).toBe("Robbery");
    expect(localizedName(value, "")).toBe("Robbery");
  });
});
