import { describe, expect, it } from "vitest";
import { brokenTextAt } from "./text-guard.js";

describe("brokenTextAt", () => {
  it("finds a NUL or a lone surrogate anywhere, and lets any other text through", () => {
    expect(brokenTextAt({ email: "a\u0000b" })).toBe("email");
    expect(brokenTextAt({ report: { description: "hola \ud800 mundo" } })).toBe("report.description");
    expect(brokenTextAt({ list: ["ok", "\udc00"] })).toBe("list.1");
    expect(brokenTextAt("\u0000")).toBe("");
    expect(brokenTextAt({ "\u0000": 1 })).toBe("body");
    // Whole pairs (emoji), accents, new lines and tabs are text people write.
    expect(brokenTextAt({ description: "Árbol caído 🌳 en la esquina\nde Ñuñoa\t(urgente)" })).toBeUndefined();
    expect(brokenTextAt({ n: 1, ok: true, none: null })).toBeUndefined();
  });
});
