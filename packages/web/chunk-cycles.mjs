// A check of the portal build (build.mjs): no two chunks may import each other, directly or around a ring.
// The browser runs a ring of modules starting from whichever of them it reaches first, and with several
// dynamic imports in flight that is whichever download ends first: a module then runs before the one it
// reads, and reads `undefined` (an English catalogue once failed that way, one load in eight on a busy
// machine). Rolldown makes such a ring when a group of vite.config.ts takes a module and leaves out what
// it imports that only one lazy import uses.

/** The first ring of static imports between the build's chunks, as a list of files (the first repeated
 * at the end), or null. Read from Vite's manifest: each entry's `file` and the manifest keys it `imports`. */
export function chunkCycle(manifest) {
  const fileOf = (key) => manifest[key]?.file ?? key;
  const importsOf = new Map();
  for (const chunk of Object.values(manifest)) {
    const imports = importsOf.get(chunk.file) ?? new Set();
    for (const key of chunk.imports ?? []) imports.add(fileOf(key));
    importsOf.set(chunk.file, imports);
  }
  const done = new Set();
  const path = [];
  const onPath = new Set();
  const visit = (file) => {
    path.push(file);
    onPath.add(file);
    for (const next of importsOf.get(file) ?? []) {
      if (onPath.has(next)) return [...path.slice(path.indexOf(next)), next];
      if (done.has(next)) continue;
      const ring = visit(next);
      if (ring) return ring;
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
    return null;
  };
  for (const file of importsOf.keys()) {
    if (done.has(file)) continue;
    const ring = visit(file);
    if (ring) return ring;
  }
  return null;
}
