// The classroom's catalogue (teacher's projector, students' class page): Spanish
// has every English key, really translated, and the app's language switch swaps it.
import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../src/strings";
import { C, CLASS_CATALOGUES } from "../src/classroom/strings";

function leaves(value: unknown, path = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) for (const [p, leaf] of leaves(v, path ? `${path}.${k}` : k)) out.set(p, leaf);
  } else {
    out.set(path, value);
  }
  return out;
}

describe("the classroom catalogues", () => {
  const en = leaves(CLASS_CATALOGUES.en);
  const es = leaves(CLASS_CATALOGUES.es);
  afterEach(() => setLanguage("en", false));

  it("have the same keys, of the same kind, functions taking the same arguments", () => {
    expect([...en.keys()].filter((k) => !es.has(k))).toEqual([]);
    expect([...es.keys()].filter((k) => !en.has(k))).toEqual([]);
    for (const [key, value] of en) {
      const other = es.get(key);
      expect(typeof other, key).toBe(typeof value);
      if (typeof value === "function") expect((other as (...a: unknown[]) => unknown).length, key).toBe(value.length);
      if (Array.isArray(value)) expect((other as unknown[]).length, key).toBe(value.length);
    }
  });

  it("are really translated (longer strings differ)", () => {
    const same = [...en].filter(([k, v]) => typeof v === "string" && v.length > 8 && es.get(k) === v).map(([k]) => k);
    expect(same).toEqual([]);
  });

  it("follow the app's language switch", () => {
    setLanguage("es", false);
    expect(C.startAll).toBe(CLASS_CATALOGUES.es.startAll);
    expect(C.table(2)).toBe("Mesa 2");
    setLanguage("en", false);
    expect(C.table(2)).toBe("Table 2");
  });
});
