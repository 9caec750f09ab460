// `npm run build -w @atalaya/web`: the Vite build and, side by side with it, the server-side renders of
// prerender.mjs (the login page, the signed-in screens' Ant Design styles), which need no build output;
// the prerendered dist/login.html is written once both are done (one after the other they took about 9 s
// of a first start; side by side, about 5), then the stylesheet linked from dist/index.html, then the
// route pages with their preloads (route-pages.mjs). Then
// the brotli and gzip copies of every text file (compress-files.mjs), unless ATALAYA_DEFER_COMPRESSION
// leaves them to `npm start`, which makes them once the server is listening.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { chunkCycle } from "./chunk-cycles.mjs";
import { compressFiles } from "./compress-files.mjs";
import { linkSignedInStyles, renderPrerendered, writeLoginPage } from "./prerender.mjs";
import { readManifest, writeRoutePages } from "./route-pages.mjs";

// From any working directory (npm start runs it from the repository's root).
const root = dirname(fileURLToPath(import.meta.url));
const [, prerendered] = await Promise.all([build({ root, configFile: join(root, "vite.config.ts") }), renderPrerendered()]);
// Chunks that import each other run in whichever order their downloads end (chunk-cycles.mjs).
const ring = chunkCycle(readManifest(join(root, "dist")));
if (ring) throw new Error(`the build's chunks import each other: ${ring.join(" → ")} (see chunk-cycles.mjs)`);
// In this order: login.html is made from index.html as Vite wrote it, without the signed-in stylesheet.
writeLoginPage(prerendered.login);
linkSignedInStyles(prerendered.signedInStyles);
// After the stylesheet: the route pages are index.html as every other signed-in route gets it, plus preloads.
writeRoutePages({ loader: prerendered.login.loader });
if (!process.env.ATALAYA_DEFER_COMPRESSION) await compressFiles(join(root, "dist"));
