import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The lint rule keeps imports between folders going through index.ts; this keeps the folders' graph
// free of cycles, which the lint rule alone cannot see (two index.ts can still import each other).
const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "test" ? [] : sourceFiles(path);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** folder → folders it imports from (top-level files such as app.ts are the composition root: left out). */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const folder = relative(SRC, dirname(file)).split("/")[0]!;
    if (!folder) continue;
    const deps = graph.get(folder) ?? new Set<string>();
    graph.set(folder, deps);
    for (const [, spec] of readFileSync(file, "utf8").matchAll(/from "(\.\.\/[^"]+)"/g)) {
      const target = relative(SRC, join(dirname(file), spec!)).split("/")[0]!;
      if (target !== folder && !target.endsWith(".js")) deps.add(target);
    }
  }
  return graph;
}

/** Every cycle's folders, as found by a depth-first walk. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const walk = (node: string, path: string[]) => {
    state.set(node, "open");
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) walk(next, [...path, next]);
    }
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (!state.has(node)) walk(node, [node]);
  return found;
}

describe("server folders", () => {
  it("import each other without cycles", () => {
    const graph = folderGraph();
    expect(graph.size).toBeGreaterThan(10);
    expect(cycles(graph).map((c) => c.join(" → "))).toEqual([]);
  });

  it("the cycle finder finds a cycle (so the check above can fail)", () => {
    const graph = new Map([["a", new Set(["b"])], ["b", new Set(["c"])], ["c", new Set(["a"])]]);
    expect(cycles(graph)).toEqual([["a", "b", "c", "a"]]);
  });
});
