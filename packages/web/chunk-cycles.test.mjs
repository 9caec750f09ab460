import { describe, expect, it } from "vitest";
import { chunkCycle } from "./chunk-cycles.mjs";

describe("the build's chunk ring check", () => {
  it("passes a graph where chunks share imports without a ring", () => {
    const manifest = {
      "index.html": { file: "assets/boot.js", imports: ["_react.js"], dynamicImports: ["src/en.ts"] },
      "_react.js": { file: "assets/react.js" },
      "src/en.ts": { file: "assets/en.js", imports: ["_react.js", "_texts.js"] },
      "_texts.js": { file: "assets/texts-en.js", imports: ["_react.js"] },
    };
    expect(chunkCycle(manifest)).toBeNull();
  });

  it("names the ring of the English catalogue's two chunks, each importing the other", () => {
    const manifest = {
      "index.html": { file: "assets/boot.js", dynamicImports: ["src/i18n/locales/en.ts"] },
      "src/i18n/locales/en.ts": { file: "assets/en.js", imports: ["_texts-en.js"] },
      "_texts-en.js": { file: "assets/texts-en.js", imports: ["_boot.js", "src/i18n/locales/en.ts"] },
      "_boot.js": { file: "assets/boot.js" },
    };
    expect(chunkCycle(manifest)).toEqual(["assets/en.js", "assets/texts-en.js", "assets/en.js"]);
  });

  it("finds a longer ring, however deep", () => {
    const manifest = {
      a: { file: "a.js", imports: ["b"] },
      b: { file: "b.js", imports: ["c"] },
      c: { file: "c.js", imports: ["d"] },
      d: { file: "d.js", imports: ["b"] },
    };
    expect(chunkCycle(manifest)).toEqual(["b.js", "c.js", "d.js", "b.js"]);
  });
});
