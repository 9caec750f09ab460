// The portal build's step after prerender.mjs (build.mjs): dist/events.html, the built index.html with
// the prerendered loader in #root and <link rel="modulepreload"> for the code the events panel opens
// with — the signed-in frame, the panel, its prefetch and the portal's Spanish texts, with every chunk they import. The server sends it for the
// panel's addresses (packages/server/src/http/web.ts). From index.html alone the browser learns of those
// chunks only once the entry has downloaded and run; on a phone's network that was a second round of
// downloads after seconds of scripts. Those chunks and the entry's also get V8's compile hint (see
// COMPILE_HINT). Read from Vite's manifest, which is then removed (the server would otherwise serve it).
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const DIST = join(dirname(fileURLToPath(import.meta.url)), "dist");

/** The route pages and the source modules each preloads (keys of Vite's manifest). */
export const ROUTE_PAGES = {
  // The signed-in frame and the panel with its prefetch (boot-chunks.mjs's `panel` stage), and the Spanish
  // texts past the login page (vite.config.ts's `texts-es` group).
  "events.html": ["panel", "texts-es"],
};

/** V8's explicit compile hint (Chrome 136 and later): the functions of a script that starts with it are
 * compiled on the thread that streams the script in, instead of one by one on the main thread when first
 * called. Given to the chunks the events panel opens with (the entry's and the route page's), which run
 * as the page boots: a phone's main thread then spends less time before the first row and blocks for less
 * (bench/README.md). Not to the routes' own chunks: eager compiling a map's or a chart's megabyte, most of
 * it never called, made opening a report dearer. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** Every chunk file a module (or a named chunk of vite.config.ts's groups) needs before it runs: its own
 * and, transitively, its static imports. */
export function chunksOf(manifest, key, seen = new Set()) {
  const entry = manifest[key] ?? Object.values(manifest).find((chunk) => chunk.name === key && !chunk.src);
  if (!entry) throw new Error(`Vite's manifest has no ${key}: was it renamed? (route-pages.mjs ROUTE_PAGES)`);
  if (!seen.has(entry.file)) {
    seen.add(entry.file);
    for (const imported of entry.imports ?? []) chunksOf(manifest, imported, seen);
  }
  return seen;
}

/** Vite's manifest of the build in `dist` (vite.config.ts sets build.manifest; writeRoutePages removes it). */
export function readManifest(dist = DIST) {
  const manifestFile = join(dist, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) throw new Error("dist/.vite/manifest.json is missing: vite.config.ts must set build.manifest");
  return JSON.parse(readFileSync(manifestFile, "utf8"));
}

/** Writes each route page from dist/index.html, with the prerendered loader (the login page's, the same
 * the portal shows while a screen loads; index.html holds the theme's variables it paints with), so the
 * page paints at once rather than once the scripts have run; the chunks index.html already preloads are
 * left out. */
export function writeRoutePages({ loader, dist = DIST }) {
  const manifest = readManifest(dist);
  const index = readFileSync(join(dist, "index.html"), "utf8");
  const booting = chunksOf(manifest, "index.html");
  for (const [page, modules] of Object.entries(ROUTE_PAGES)) {
    const chunks = new Set(modules.flatMap((m) => [...chunksOf(manifest, m)]));
    for (const file of chunks) booting.add(file);
    const links = [...chunks]
      .filter((file) => !index.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    const emptyRoot = '<div id="root"></div>';
    if (!index.includes(emptyRoot)) throw new Error("dist/index.html has no empty #root");
    const html = index.replace("</head>", () => `    ${links.join("\n    ")}\n  </head>`).replace(emptyRoot, () => `<div id="root">${loader}</div>`);
    writeFileSync(join(dist, page), html);
    console.log(`wrote dist/${page}: index.html with ${links.length} more chunks preloaded`);
  }
  // Each chunk once, whichever pages share it.
  for (const file of booting) writeFileSync(join(dist, file), COMPILE_HINT + readFileSync(join(dist, file), "utf8"));
  rmSync(join(dist, ".vite"), { recursive: true, force: true });
}
