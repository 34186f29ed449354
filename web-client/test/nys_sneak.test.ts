import { describe, expect, it } from "vitest";
import { sneakMove, type Slice } from "../src/games/new_york_slice/model";
import type { View } from "../src/games/types";

const slice = (id: number): Slice => ({ id, kind: "plain", types: [id], pepperoni: 0, anchovies: 0 }) as unknown as Slice;

function game(portions: { slices: number[]; taken?: number }[]): View {
  return { portions: portions.map((p, index) => ({ index, slices: p.slices.map(slice), taken_by: p.taken ?? null })) } as unknown as View;
}

describe("Sneak-a-Slice as the phone draws it", () => {
  it("moves the last slice onward and the first slice back, around the portions still on the table", () => {
    const g = game([{ slices: [1, 2] }, { slices: [3] }, { slices: [4, 5], taken: 0 }, { slices: [6, 7] }]);
    expect(sneakMove(g, 0, true)).toMatchObject({ from: 0, to: 1, slice: { id: 2 } });
    expect(sneakMove(g, 0, false)).toMatchObject({ from: 0, to: 3, slice: { id: 1 } }); // round the ring
    expect(sneakMove(g, 1, true)).toMatchObject({ from: 1, to: 3 }); // over the taken portion's gap
    expect(sneakMove(g, 3, true)).toMatchObject({ from: 3, to: 0, slice: { id: 7 } });
  });
});
