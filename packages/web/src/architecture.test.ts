import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The web's layers (issue 35): app/ (router, providers, shell assembly) and i18n/ (the catalogues, which
// gather every feature's texts) above features/ above components/ and lib/ (API client, i18n runtime,
// toasts, storage, dates, map style). What holds already is kept here: lib/ imports no folder of the
// portal, nothing below app/ imports it, and nothing below i18n/ imports the catalogues. Type imports count.
// And the folders (each feature, and every top-level folder) import each other without a cycle: a feature
// that builds on another sits above it, and a lower one reaches a higher one only through props or slots.
const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Each source file's (tests aside) imports of the portal's own modules: [file, imported path], both
 * from src/ (static, dynamic, type-only, re-exports and style sheets alike). */
function moduleImports(): [string, string][] {
  const pairs: [string, string][] = [];
  for (const file of sourceFiles(SRC)) {
    for (const [, spec] of readFileSync(file, "utf8").matchAll(/\b(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
      pairs.push([relative(SRC, file), relative(SRC, join(dirname(file), spec!))]);
    }
  }
  return pairs;
}

/** Each file's imports of the portal's own folders: [file, imported folder] (static, dynamic, type-only). */
function folderImports(): [string, string][] {
  return moduleImports().map(([file, target]) => [file, target.split("/")[0]!]);
}

/** A path's node in the folder graph: `features/<x>` for a feature, else its top-level folder (`lib`,
 * `components`…), or the file itself at the top (`main.tsx`). */
function nodeOf(path: string): string {
  const [top, next] = path.split("/");
  return top === "features" && next !== undefined ? `features/${next}` : top!;
}

/** node → the nodes it imports. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [file, target] of moduleImports()) {
    const [from, to] = [nodeOf(file), nodeOf(target)];
    const deps = graph.get(from) ?? new Set<string>();
    graph.set(from, deps);
    if (to !== from) deps.add(to);
  }
  return graph;
}

/** The graph's cycles: each strongly connected component of more than one node (Tarjan), its nodes sorted. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
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

describe("the features' one door", () => {
  const FEATURES = join(SRC, "features");
  const features = readdirSync(FEATURES, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

  it("another feature is imported only through its index.ts, statically or lazily, tests aside", () => {
    const deep = moduleImports().filter(([file, target]) => {
      const [top, feature, ...rest] = target.split("/");
      return top === "features" && rest.length > 0 && nodeOf(file) !== `features/${feature}`;
    });
    expect(deep).toEqual([]);
  });

  it("an index.ts only re-exports, so that importing it runs nothing", () => {
    for (const feature of features) {
      const path = join(FEATURES, feature, "index.ts");
      const code = readFileSync(path, "utf8").split("\n").filter((line) => line.trim() !== "" && !line.startsWith("//"));
      for (const line of code) expect(line, `${feature}/index.ts`).toMatch(/^export (type )?\{[^}]*\} from "\.\/[^"]+";$/);
    }
  });

  it("app/ assembles every feature's screens, menu rows and texts, none left out", () => {
    const listed = (file: string) => [...readFileSync(join(SRC, file), "utf8").matchAll(/import \* as \w+ from "(?:\.\.\/)+features\/([a-z-]+)";/g)].map((m) => m[1]);
    const having = (name: string) => features.filter((f) => readdirSync(join(FEATURES, f)).some((e) => e.replace(/\.tsx?$/, "") === name)).sort();
    expect(listed("app/router.tsx").sort()).toEqual(having("routes"));
    expect(listed("app/shell/menu.ts").sort()).toEqual(having("menu"));
    expect(listed("app/catalogues.ts").sort()).toEqual(having("texts"));
  });
});

describe("the web's folder graph", () => {
  it("the web's folders form no import cycle", () => {
    const graph = folderGraph();
    expect([...graph.keys()]).toEqual(expect.arrayContaining(["app", "lib", "components", "i18n", "features/directory", "features/reports", "main.tsx"]));
    expect(cycles(graph)).toEqual([]);
  });

  it("no two files import each other, directly or round a longer loop, inside a folder either", () => {
    const moduleOf = (path: string) => path.replace(/\.(tsx?|json)$/, "").replace(/\/index$/, "");
    const graph = new Map<string, Set<string>>();
    for (const [file, target] of moduleImports()) {
      const deps = graph.get(moduleOf(file)) ?? new Set<string>();
      graph.set(moduleOf(file), deps);
      deps.add(moduleOf(target));
    }
    expect(graph.size).toBeGreaterThan(250);
    expect(cycles(graph)).toEqual([]);
  });

  it("the cycle finder finds a cycle (so the check above can fail)", () => {
    const graph = new Map([
      ["features/a", new Set(["features/b"])],
      ["features/b", new Set(["features/c", "lib"])],
      ["features/c", new Set(["features/a"])],
      ["lib", new Set<string>()],
    ]);
    expect(cycles(graph)).toEqual([["features/a", "features/b", "features/c"]]);
  });
});
