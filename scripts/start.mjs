// `npm start`: builds what changed since the last build, then starts the server in this process (and,
// beside it, compresses the portal's files if a build left them uncompressed).
// Each build is skipped when its stamp says its output was built from the current sources
// (scripts/builds.mjs): the server and shared package (esbuild, scripts/emit.mjs) and the portal
// bundle (Vite, the slow part). The server prints the start's phases (build, load, database, migrate,
// routes, seed, portal, listen) with their times, the portal's address and the demo logins; the builds'
// output (Vite's chunk table and warnings, the compression's note) and the server's JSON log go to files
// under the data dir's logs/ (packages/server/src/start-logs.ts), which it names.
import { openSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { pathToFileURL } from "node:url";
import { ROOT, buildPortalIfChanged, buildServerIfChanged, compressPortal } from "./builds.mjs";

// Both builds write here; the server writes it to the build log once it knows the data dir.
const buildOutput = new PassThrough();

const started = performance.now();
// The portal's build (Vite, several seconds) starts first and runs beside the server's start, which opens,
// migrates and seeds the database meanwhile and serves the portal once it is built (server.ts). It runs at
// a low priority: the database's creation is one thread that would otherwise wait for Vite's. Without the
// brotli and gzip copies, made once the server is listening (below).
const portalBuilding = buildPortalIfChanged(buildOutput);
const portalBuild = portalBuilding ? portalBuilding.then(() => "built") : Promise.resolve("up to date");
// A first line at once: loading the server and opening the database take a while on a busy machine.
console.log(portalBuilding ? "Starting Atalaya, and building the portal beside it (a minute or more)…" : "Starting Atalaya…");
// The server's build (scripts/emit.mjs, well under a second) is waited for.
const serverBuilding = buildServerIfChanged(buildOutput);
await serverBuilding;
void Promise.all([portalBuilding, serverBuilding]).then(() => buildOutput.end());
const built = performance.now();
const { startServer } = await import(pathToFileURL(join(ROOT, "packages/server/dist/server.js")).href);
const { buildLog } = await startServer({
  build: { ms: built - started, endMs: built, note: serverBuilding ? "server built" : "server up to date" },
  portalBuild,
  logFiles: portalBuilding || serverBuilding ? { buildOutput } : {},
});

// The portal's compressed copies, at a low priority beside the server; its note joins the build log.
compressPortal(openSync(buildLog, "a"));
