import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The lint rule keeps imports between folders going through index.ts; this keeps the graph of the
// folders and top-level files free of cycles, which the lint rule alone cannot see (two index.ts can
// still import each other), and the cross-cutting parts in the layers below. Type imports count: a
// cycle of types is still a cycle of meaning.
const SRC = dirname(fileURLToPath(import.meta.url));

/** The cross-cutting parts, lowest first: each imports only the layers before it. http/ is the request
 * plumbing (errors, origins, headers, logs) that auth/ and realtime/ answer with; realtime/ filters
 * events by auth's restrictions and jobs/ claims rows with auth's access types; context.ts is the
 * AppContext the domains' route plugins take (the cross-cutting folders' own plugins take the parts they
 * use). Every other folder is a domain above these; app.ts wires them all and server.ts runs app.ts. */
const LAYERS: readonly (readonly string[])[] = [["config.ts"], ["db"], ["http"], ["auth"], ["realtime", "jobs"], ["context.ts"]];
/** The composition root: imported by no folder (start-logs.ts is server.ts's log files). */
const ROOT = ["app.ts", "domains.ts", "server.ts", "start-logs.ts"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "test" ? [] : sourceFiles(path);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** A source file's node: its top-level folder, or the file itself (`config.ts`) at the top. */
const nodeOf = (path: string) => relative(SRC, path).split("/")[0]!.replace(/\.js$/, ".ts");

/** node → nodes it imports from (static, dynamic, type-only and re-exports alike). */
function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const node = nodeOf(file);
    const deps = graph.get(node) ?? new Set<string>();
    graph.set(node, deps);
    for (const [, spec] of readFileSync(file, "utf8").matchAll(/\b(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
      const target = nodeOf(join(dirname(file), spec!));
      if (target !== node) deps.add(target);
    }
  }
  return graph;
}

/** Every cycle's nodes, as found by a depth-first walk. */
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

/** Each cross-cutting part's imports of its own layer or a higher one ("db → auth"). */
function upwardImports(graph: Map<string, Set<string>>): string[] {
  return LAYERS.flatMap((layer, i) => {
    const below = new Set(LAYERS.slice(0, i).flat());
    return layer.flatMap((node) => [...(graph.get(node) ?? [])].filter((dep) => !below.has(dep)).map((dep) => `${node} → ${dep}`));
  });
}

describe("server folders and top-level files", () => {
  const graph = importGraph();

  it("import each other without cycles", () => {
    expect(graph.size).toBeGreaterThan(10);
    expect([...graph.keys()]).toEqual(expect.arrayContaining(["config.ts", "context.ts", "app.ts", "server.ts"]));
    expect(cycles(graph).map((c) => c.join(" → "))).toEqual([]);
  });

  it("the cross-cutting parts import only the layers below them", () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it("only the composition root imports app.ts, server.ts and start-logs.ts", () => {
    const intoRoot = [...graph].flatMap(([node, deps]) =>
      ROOT.includes(node) ? [] : [...deps].filter((dep) => ROOT.includes(dep)).map((dep) => `${node} → ${dep}`),
    );
    expect(intoRoot).toEqual([]);
  });

  it("the cycle finder finds a cycle (so the check above can fail)", () => {
    const cyclic = new Map([["a", new Set(["b"])], ["b", new Set(["c"])], ["c", new Set(["a"])]]);
    expect(cycles(cyclic)).toEqual([["a", "b", "c", "a"]]);
  });

  it("the layer check finds an import upwards (so it can fail)", () => {
    const upward = new Map([["config.ts", new Set(["http"])], ["http", new Set(["config.ts", "db"])]]);
    expect(upwardImports(upward)).toEqual(["config.ts → http"]);
  });
});
