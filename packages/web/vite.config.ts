// Vite build of the portal: the server serves `dist/` at `/` with an SPA fallback and the API at `/api`.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { defineConfig, defaultClientConditions } from "vite";
import react from "@vitejs/plugin-react";
import { bootChunkGroups } from "./boot-chunks.mjs";

// The dev server forwards `/api` (HTTP and the real-time WebSocket) and the report type images to the API;
// ATALAYA_API_URL overrides it.
// The proxy keeps the dev server's Host, so the API sees the WebSocket as same-origin (no PUBLIC_URL needed).
const apiTarget = process.env.ATALAYA_API_URL ?? "http://localhost:8080";

// React Router 7's package exports name only its development build (remix-run/react-router#12532,
// #14102), whose development checks and warnings then run in the built portal too. The portal's build
// takes the production build the package ships beside it; the dev server keeps the other.
const reactRouterDir = dirname(createRequire(import.meta.url).resolve("react-router/package.json"));

/** A build file's name before its hash: Rolldown's, or the stage's alone for the visitors' split chunks. */
const fileName = (name: string) => (name.startsWith("visitor~") ? "visitor" : "[name]");

export default defineConfig(({ command }) => ({
  plugins: [react()],
  resolve: {
    // `source` makes `@atalaya/shared` resolve to its TypeScript source, no prior build needed.
    conditions: ["source", ...defaultClientConditions],
    alias: command === "build" ? [{ find: /^react-router$/, replacement: join(reactRouterDir, "dist/production/index.mjs") }] : [],
  },
  server: {
    proxy: {
      "/api": { target: apiTarget, ws: true },
      "/report-types": { target: apiTarget },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The gzip size of every chunk in the build's report costs a second of CPU; bench/web.mjs measures
    // what a page downloads.
    reportCompressedSize: false,
    // For route-pages.mjs, which reads it after the build and removes it.
    manifest: true,
    rolldownOptions: {
      output: {
        // The visitors' stage's chunks and their stylesheets are named by Rolldown after every route sharing
        // them (boot-chunks.mjs), past 90 characters: "visitor" and the hash say enough.
        chunkFileNames: (chunk) => `assets/${fileName(chunk.name)}-[hash].js`,
        assetFileNames: (asset) => `assets/${fileName(asset.names[0] ?? "")}-[hash][extname]`,
        // React and the router are in every route's first download: one chunk of their own stays cached
        // across releases. The stages of the way in, one file each; everything else is split where the
        // routes' lazy imports split it, so a route gets only the libraries it uses (no group of all of
        // node_modules, which put maplibre and every Ant Design component on the login page).
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 4 },
            // A language's texts past the login page (app/catalogues.ts: the app part and each feature's
            // sections, the rule texts the server shares) in one file: loaded together, one request.
            // English and French load whole, so their login-page files (portal-core, report-life) come
            // too: left to a chunk of their own, they and this one imported each other, and which ran
            // first depended on which download ended first (an English page that stayed Spanish).
            ...["es", "en", "fr"].map((lang) => ({
              name: `texts-${lang}`,
              // Only these: Spanish's login-page texts they build on stay in the first download.
              includeDependenciesRecursively: false,
              test: new RegExp(`(shared[\\\\/]locales[\\\\/]${lang}[\\\\/](portal[\\\\/]|portal\\.json|organisation\\.json|forms\\.json|assets\\.json${lang === "es" ? "" : "|portal-core\\.json|report-life\\.json"}))|(src[\\\\/]i18n[\\\\/]locales[\\\\/]${lang}\\.ts)`),
              priority: 3,
            })),
            // What the login page, the events panel and a report add, one file each (boot-chunks.mjs).
            ...bootChunkGroups(3),
          ],
        },
      },
    },
  },
}));
