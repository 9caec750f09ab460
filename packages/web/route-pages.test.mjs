import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { COMPILE_HINT, ROUTE_PAGES, chunksOf, writeRoutePages } from "./route-pages.mjs";

const dirs = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

// As Vite writes it: source keys, each with its chunk file and the keys of its static imports.
const MANIFEST = {
  "index.html": { file: "assets/index-1.js", imports: ["_react.js", "_boot-1.js"] },
  "_react.js": { file: "assets/react-1.js" },
  "_boot-1.js": { file: "assets/boot-1.js", name: "boot", imports: ["_react.js"] },
  // The panel's stage (boot-chunks.mjs), with a chunk it imports and imports again through another.
  "_panel-1.js": { file: "assets/panel-1.js", name: "panel", imports: ["_boot-1.js", "_react.js", "_list.js", "_format.js"] },
  "_list.js": { file: "assets/list-1.js", imports: ["_format.js"] },
  "_format.js": { file: "assets/format-1.js" },
  "_texts-es-1.js": { file: "assets/texts-es-1.js", name: "texts-es" },
  // A route the panel does not open with, and its large library.
  "src/features/maps/maps-page.tsx": { file: "assets/maps-page-1.js", imports: ["_boot-1.js", "_maplibre.js"] },
  "_maplibre.js": { file: "assets/maplibre-1.js" },
};

/** A dist directory with the manifest, index.html and a small module for every chunk. */
async function builtDist() {
  const dir = await mkdtemp(join(tmpdir(), "atalaya-route-pages-"));
  dirs.push(dir);
  await mkdir(join(dir, ".vite"));
  await mkdir(join(dir, "assets"));
  await writeFile(join(dir, ".vite/manifest.json"), JSON.stringify(MANIFEST));
  await writeFile(
    join(dir, "index.html"),
    '<html><head><script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" href="/assets/react-1.js"></head><body><div id="root"></div></body></html>',
  );
  for (const { file } of Object.values(MANIFEST)) await writeFile(join(dir, file), `export const file = "${file}";\n`);
  return dir;
}

describe("the events panel's page", () => {
  it("preloads each chunk the panel opens with once, transitively, leaving out what index.html already has", async () => {
    const dir = await builtDist();
    writeRoutePages({ loader: '<div role="status">Cargando…</div>', dist: dir });
    const page = await readFile(join(dir, "events.html"), "utf8");
    const preloaded = [...page.matchAll(/rel="modulepreload" crossorigin href="\/([^"]+)"/g)].map((m) => m[1]).sort();
    expect(preloaded).toEqual(["assets/boot-1.js", "assets/format-1.js", "assets/list-1.js", "assets/panel-1.js", "assets/texts-es-1.js"]);
    expect(page).toContain('<div id="root"><div role="status">Cargando…</div></div>');
    // The manifest is only the build's: the server would otherwise serve it.
    expect(existsSync(join(dir, ".vite"))).toBe(false);
  });

  it("gives V8's compile hint to the chunks the entry and the panel open with, and to no route's own", async () => {
    const dir = await builtDist();
    writeRoutePages({ loader: "", dist: dir });
    const hinted = [];
    for (const { file } of Object.values(MANIFEST)) {
      const code = await readFile(join(dir, file), "utf8");
      if (code.startsWith(COMPILE_HINT)) hinted.push(file);
      // The module itself is untouched below the hint.
      expect(code.replace(COMPILE_HINT, "")).toBe(`export const file = "${file}";\n`);
    }
    expect(hinted.sort()).toEqual([
      "assets/boot-1.js",
      "assets/format-1.js",
      "assets/index-1.js",
      "assets/list-1.js",
      "assets/panel-1.js",
      "assets/react-1.js",
      "assets/texts-es-1.js",
    ]);
  });

  it("stops the build when a module it names is no longer in the manifest", () => {
    expect(() => chunksOf(MANIFEST, "src/features/reports/panel/renamed.tsx")).toThrow(/no src\/features\/reports\/panel\/renamed.tsx/);
    expect(Object.keys(ROUTE_PAGES)).toEqual(["events.html"]);
  });
});
