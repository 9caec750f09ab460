import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { digestOf, isUpToDate, writeStamp } from "./build-stamp.mjs";

// A small tree shaped like a package: sources, a configuration file, and an output a "build" writes.
const INPUTS = ["pkg/src", "pkg/config.json", "lock.json"];
let root;
let stamp;
let output;
let builds = 0;

function build() {
  mkdirSync(join(root, "pkg/dist"), { recursive: true });
  writeFileSync(output, `build ${++builds}`);
  // Builds within one tick of the file system's clock would share a time: each gets its own second.
  const t = new Date(Date.UTC(2026, 0, 1, 0, 0, builds));
  utimesSync(output, t, t);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "build-stamp-"));
  mkdirSync(join(root, "pkg/src/nested"), { recursive: true });
  writeFileSync(join(root, "pkg/src/a.ts"), "export const a = 1;\n");
  writeFileSync(join(root, "pkg/src/nested/b.ts"), "export const b = 2;\n");
  writeFileSync(join(root, "pkg/config.json"), "{}\n");
  writeFileSync(join(root, "lock.json"), '{"v":1}\n');
  stamp = join(root, "pkg/dist/.build-stamp");
  output = join(root, "pkg/dist/index.html");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Builds and stamps as scripts/start.mjs does after a successful build. */
function buildAndStamp() {
  const digest = digestOf(root, INPUTS);
  build();
  writeStamp(stamp, digest, [output]);
}

const upToDate = () => isUpToDate(stamp, digestOf(root, INPUTS), [output]);

describe("npm start's build stamp", () => {
  it("asks for a build when there is no output or no stamp yet", () => {
    expect(upToDate()).toBe(false);
    build();
    expect(upToDate()).toBe(false);
  });

  it("skips the build when nothing changed since the stamped build", () => {
    buildAndStamp();
    expect(upToDate()).toBe(true);
  });

  it("skips it when files were only touched (a checkout changes times, not contents)", () => {
    buildAndStamp();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, "pkg/src/a.ts"), later, later);
    expect(upToDate()).toBe(true);
  });

  it("rebuilds when a source changed, even deep in a folder", () => {
    buildAndStamp();
    writeFileSync(join(root, "pkg/src/nested/b.ts"), "export const b = 3;\n");
    expect(upToDate()).toBe(false);
    buildAndStamp();
    expect(upToDate()).toBe(true);
  });

  it("rebuilds when the configuration or the lockfile changed", () => {
    buildAndStamp();
    writeFileSync(join(root, "pkg/config.json"), '{"minify":false}\n');
    expect(upToDate()).toBe(false);
    buildAndStamp();
    writeFileSync(join(root, "lock.json"), '{"v":2}\n');
    expect(upToDate()).toBe(false);
  });

  it("rebuilds when a source was added, removed or renamed", () => {
    buildAndStamp();
    writeFileSync(join(root, "pkg/src/c.ts"), "");
    expect(upToDate()).toBe(false);
    buildAndStamp();
    rmSync(join(root, "pkg/src/c.ts"));
    expect(upToDate()).toBe(false);
    buildAndStamp();
    rmSync(join(root, "pkg/src/a.ts"));
    writeFileSync(join(root, "pkg/src/a2.ts"), "export const a = 1;\n");
    expect(upToDate()).toBe(false);
  });

  it("rebuilds when another build rewrote the output since (it may have built other sources)", () => {
    buildAndStamp();
    // e.g. `npm run build` after an edit, then the edit reverted: the inputs match the stamp again.
    build();
    expect(upToDate()).toBe(false);
  });

  it("rebuilds when the output is gone or the stamp is damaged", () => {
    buildAndStamp();
    writeFileSync(stamp, "not json");
    expect(upToDate()).toBe(false);
    buildAndStamp();
    rmSync(output);
    expect(upToDate()).toBe(false);
  });
});
