import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The web's layers (issue 35): app/ (router, providers, shell assembly) and i18n/ (the catalogues, which
// gather every feature's texts) above features/ above components/ and lib/ (API client, i18n runtime,
// toasts, storage, dates, map style). What holds already is kept here: lib/ imports no folder of the
// portal, nothing below app/ imports it, and nothing below i18n/ imports the catalogues. Type imports count.
const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Each file's imports of the portal's own folders: [file, imported folder] (static, dynamic, type-only). */
function folderImports(): [string, string][] {
  const pairs: [string, string][] = [];
  for (const file of sourceFiles(SRC)) {
    for (const [, spec] of readFileSync(file, "utf8").matchAll(/\b(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
      const target = relative(SRC, join(dirname(file), spec!)).split("/")[0]!;
      pairs.push([relative(SRC, file), target]);
    }
  }
  return pairs;
}

describe("the web's layers", () => {
  const imports = folderImports();
  const folderOf = (file: string) => file.split("/")[0]!;

  it("lib/ imports nothing of the portal but itself", () => {
    expect(imports.filter(([file, target]) => folderOf(file) === "lib" && target !== "lib")).toEqual([]);
  });

  it("nothing below app/ imports it", () => {
    const below = new Set(["features", "components", "lib", "i18n"]);
    expect(imports.filter(([file, target]) => below.has(folderOf(file)) && target === "app")).toEqual([]);
  });

  it("nothing below the catalogues imports them", () => {
    const below = new Set(["features", "components", "lib"]);
    expect(imports.filter(([file, target]) => below.has(folderOf(file)) && target === "i18n")).toEqual([]);
  });
});
