import { describe, expect, it } from "vitest";
import { findSlicing } from "../src/games/new_york_slice/model";
import { isLegal, matchesLegal } from "../src/net/legal";

// What the hub sends the Slicer of a 12-slice ring for 5 players (docs/protocol.md, "Legal commands").
const SLICER = [
  { type: "SliceRing", cuts: { $choose: 5, $below: 12 }, special: { $one_of: [0, 1, 2, 3, 4] } },
  { type: "SliceRing", cuts: { $choose: 4, $below: 12 }, special: null },
];

describe("legal patterns (net/legal.ts)", () => {
  it("a pattern allows exactly the commands it stands for", () => {
    expect(isLegal(SLICER, { type: "SliceRing", cuts: [0, 2, 5, 7, 11], special: 4 })).toBe(true);
    expect(isLegal(SLICER, { type: "SliceRing", cuts: [1, 2, 3, 4], special: null })).toBe(true);
    for (const wrong of [
      { type: "SliceRing", cuts: [0, 2, 5, 7], special: 0 }, // 4 cuts need the Special alone
      { type: "SliceRing", cuts: [0, 2, 5, 7, 11], special: null }, // 5 cuts need it in a portion
      { type: "SliceRing", cuts: [0, 2, 5, 7, 11], special: 5 }, // no sixth portion
      { type: "SliceRing", cuts: [2, 0, 5, 7, 11], special: 0 }, // not increasing
      { type: "SliceRing", cuts: [0, 2, 5, 7, 12], special: 0 }, // past the ring
      { type: "SliceRing", cuts: [0, 2, 2, 7, 11], special: 0 }, // a cut twice
      { type: "SliceRing", cuts: [0, 2, 5, 7, 11] }, // a field missing
      { type: "SliceRing", cuts: [0, 2, 5, 7, 11], special: 0, extra: 1 },
      { type: "ChooseStack", cuts: [0, 2, 5, 7, 11], special: 0 },
    ]) {
      expect(isLegal(SLICER, wrong)).toBe(false);
    }
  });

  it("a plain entry matches only itself, and true is not 1", () => {
    const entry = { type: "ChooseStack", stack: 1 };
    expect(matchesLegal(entry, { type: "ChooseStack", stack: 1 })).toBe(true);
    expect(matchesLegal(entry, { type: "ChooseStack", stack: 2 })).toBe(false);
    expect(matchesLegal(entry, { type: "ChooseStack", stack: true })).toBe(false);
    expect(isLegal(null, entry)).toBe(false);
  });

  it("the Slicer's screen finds the command for a legal division only", () => {
    expect(findSlicing(SLICER, [7, 0, 11, 2, 5], 1)).toEqual({ type: "SliceRing", cuts: [0, 2, 5, 7, 11], special: 1 });
    expect(findSlicing(SLICER, [0, 2, 5, 7], 1)).toBeNull();
    expect(findSlicing(SLICER, [0, 2, 5, 7], null)).toEqual({ type: "SliceRing", cuts: [0, 2, 5, 7], special: null });
    // two players, the Special alone: one portion, listed as cut at 0 wherever the scissors went
    const two = [
      { type: "SliceRing", cuts: { $choose: 2, $below: 8 }, special: { $one_of: [0, 1] } },
      { type: "SliceRing", cuts: [0], special: null },
    ];
    expect(findSlicing(two, [5], null)).toEqual({ type: "SliceRing", cuts: [0], special: null });
  });
});
