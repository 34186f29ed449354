import { describe, expect, it } from "vitest";
import { applyOps, Gap, Mirror, PatchError, type Op } from "../src/net/patch";

// The same cases as tests/protocol/test_patch.py, so both sides follow one rule.
describe("applyOps", () => {
  it("sets map keys and list items, removes keys, and replaces the root", () => {
    const view = { version: 7, game: { n: [0, 0] }, legal: [1], gone: true };
    const ops: Op[] = [[["game", "n", 1], 1], [["version"], 8], [["gone"]], [["you"], { seat: 0 }]];
    expect(applyOps(view, ops)).toEqual({ version: 8, game: { n: [0, 1] }, legal: [1], you: { seat: 0 } });
    expect(applyOps(view, [[[], 5]])).toBe(5);
  });

  it("copies what it changes and shares what it does not, leaving the old view as it was", () => {
    const view = { game: { n: [0, 0] }, lobby: { players: [] } };
    const out = applyOps(view, [[["game", "n", 0], 3]]);
    expect(view.game.n).toEqual([0, 0]);
    expect(out.game).not.toBe(view.game);
    expect(out.lobby).toBe(view.lobby);
  });

  it.each([
    [{ a: 1 }, [["b", "c"], 1]],
    [{ a: [1] }, [["a", 3], 1]],
    [{ a: 1 }, [["z"]]],
    [{ a: 1 }, [[]]],
  ])("refuses an op that does not fit %j %j", (value, op) => {
    expect(() => applyOps(value, [op as Op])).toThrow(PatchError);
  });
});

describe("Mirror", () => {
  it("follows a state, a public change and a private one, and refuses a gap", () => {
    const m = new Mirror();
    m.receive({ t: "state", v: 3, version: 7, game: { n: [0, 0] } });
    m.receive({ t: "change", v: 4, base: 3, ops: [[["game", "n", 1], 1], [["version"], 8]] });
    m.receive({ t: "change", v: 4, base: 4, ops: [[["legal"], [1]]] });
    expect(m.v).toBe(4);
    expect(m.view).toEqual({ version: 8, game: { n: [0, 1] }, legal: [1] });
    expect(m.receive({ t: "ack", seq: 1 })).toBe(false);
    expect(() => m.receive({ t: "change", v: 6, base: 5, ops: [] })).toThrow(Gap);
  });
});
