// The client's modules form no import circle: every file under src/ and the
// files it imports (type-only imports, re-exports and dynamic imports count
// too, as they do for `npx madge --circular`), read with TypeScript's own
// pre-processor.  A circle hides which module a thing belongs to; the fix is
// a module for the shared piece (types in their own module, catalogues put
// together by the one module that picks among them).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SRC = join(__dirname, "..", "src");

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

/** The file a relative specifier names (extension or index left off, as the bundler allows), or null. */
function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Each file's imports within src/ (every kind of import). */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = info.importedFiles.map((f) => resolveImport(file, f.fileName)).filter((t): t is string => t !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every import circle, each as its files in order (one entry per circle found by depth-first search). */
export function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const s = state.get(next);
      if (s === "open") found.push(stack.slice(stack.indexOf(next)));
      else if (s === undefined) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return found;
}

describe("the client's import graph", () => {
  it("reads every kind of import, so a circle cannot hide in a type import", () => {
    const graph = importGraph(sourceFiles(SRC));
    const lobby = join(SRC, "screens", "Lobby.tsx");
    // Lobby imports HostActions as a type only; the graph still has the edge.
    expect(graph.get(lobby)).toContain(join(SRC, "screens", "hostActions.ts"));
    const fake = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(circles(fake)).toEqual([["a", "b", "c"]]);
  });

  it("has no circle", () => {
    const found = circles(importGraph(sourceFiles(SRC))).map((c) => c.map((f) => relative(SRC, f)).join(" -> "));
    expect(found).toEqual([]);
  });
});
