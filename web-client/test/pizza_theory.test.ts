import { describe, expect, it } from "vitest";
import { cutSegment, key, positionAngle, rotationFor, sectorAngle, slicesOf, SPACES, toPoint, touching, type Family } from "../src/games/pizza_theory/geometry";
import { boardBefore, cutChoices, looksByColour, tappable } from "../src/games/pizza_theory/model";
import { unwrap } from "../src/games/pizza_theory/Table";
import { lookFor, NEUTRAL } from "../src/ui/players";

const FAMILIES: Family[] = ["x", "y", "z"];

function side(p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.sign((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x));
}

describe("Pizza Theory geometry (RULES-NOTES 1.1-1.3)", () => {
  it("has 37 spaces with rows of 4-5-6-7-6-5-4", () => {
    expect(SPACES).toHaveLength(37);
    const rows = [-3, -2, -1, 0, 1, 2, 3].map((z) => SPACES.filter((s) => s[2] === z).length);
    expect(rows).toEqual([4, 5, 6, 7, 6, 5, 4]);
  });

  it("neighbours are one step apart and nothing is closer", () => {
    const pts = SPACES.map(toPoint);
    let min = Infinity;
    for (let i = 0; i < pts.length; i++)
      for (let j = i + 1; j < pts.length; j++) min = Math.min(min, Math.hypot(pts[i].x - pts[j].x, pts[i].y - pts[j].y));
    expect(min).toBeCloseTo(1, 6);
  });

  it("draws every line between the rows F = n-4 and F = n-3, never through a space", () => {
    for (const f of FAMILIES) {
      const axis = FAMILIES.indexOf(f);
      for (let n = 1; n <= 6; n++) {
        const { from, to } = cutSegment(f, n);
        const high = SPACES.filter((s) => s[axis] >= n - 3).map((s) => side(toPoint(s), from, to));
        const low = SPACES.filter((s) => s[axis] < n - 3).map((s) => side(toPoint(s), from, to));
        expect(new Set(high).size).toBe(1);
        if (low.length) {
          expect(new Set(low).size).toBe(1);
          expect(low[0]).toBe(-high[0]);
        }
      }
    }
  });

  it("reproduces the rulebook example: cuts 5, 6, 4 make 5 slices", () => {
    const slices = slicesOf([
      { family: "x", line: 5 },
      { family: "y", line: 6 },
      { family: "z", line: 4 },
    ]);
    expect(slices).toHaveLength(5);
    expect(slices.find((s) => s.length === 1)?.map(key)).toEqual(["2,-3,1"]);
  });

  it("puts the sectors 1st, 2nd, 3rd clockwise on screen, 120 degrees apart", () => {
    const a = [0, 1, 2].map(sectorAngle);
    const step = (x: number, y: number) => (((y - x) % 360) + 360) % 360;
    expect(step(a[0], a[1])).toBeCloseTo(120);
    expect(step(a[1], a[2])).toBeCloseTo(120);
  });

  it("turns any sector to face any table position", () => {
    for (let sector = 0; sector < 3; sector++)
      for (let pos = 0; pos < 3; pos++) {
        const r = rotationFor(sector, positionAngle(pos));
        const turned = (((sectorAngle(sector) + r) % 360) + 360) % 360;
        expect(turned).toBeCloseTo((((positionAngle(pos)) % 360) + 360) % 360);
      }
  });

  it("lists the two rows beside a line as touching it", () => {
    expect(touching("x", 1).every((s) => s[0] === -3 || s[0] === -2)).toBe(true);
    expect(touching("x", 1)).toHaveLength(4 + 5);
  });

  it("keeps a turning pizza moving the short way", () => {
    expect(unwrap(350, 110)).toBe(470);
    expect(unwrap(120, 0)).toBe(0);
    expect(unwrap(480, 240)).toBe(600);
  });
});

describe("Pizza Theory view model", () => {
  const game = {
    seats: [
      { seat: 0, colour: "orange" },
      { seat: 1, colour: "blue" },
    ],
    neutral: { colour: "yellow" },
    board: [
      { space: [0, 0, 0], colour: "orange" },
      { space: [1, -1, 0], colour: "yellow" },
      { space: [2, -1, -1], colour: null },
    ],
    last_round: {
      placed: [{ space: [1, -1, 0], colour: "yellow" }],
      removed: [
        { space: [1, -1, 0], colour: "blue" },
        { space: [3, -3, 0], colour: "orange" },
      ],
    },
  };

  it("draws each engine colour with its player's look, and neutral in grey", () => {
    const players = [
      { id: 4, name: "Ana", bot: null, connected: true, seat: 1 },
      { id: 7, name: "Ben", bot: null, connected: true, seat: 0 },
    ];
    const looks = looksByColour(game, players);
    expect(looks.get("blue")?.colour).toBe(lookFor(players, 4).colour);
    expect(looks.get("orange")?.shape).toBe(lookFor(players, 7).shape);
    // by their places in the room (ids 4 and 7), not by id mod 7: the first two looks, never the same
    expect([looks.get("blue")?.colourName, looks.get("blue")?.shape]).toEqual(["orange", "circle"]);
    expect([looks.get("orange")?.colourName, looks.get("orange")?.shape]).toEqual(["sky blue", "square"]);
    expect(looks.get("yellow")?.colour).toBe(NEUTRAL.colour);
  });

  it("rewinds the latest reveal to show the board before the replacements", () => {
    const before = boardBefore(game).map((p) => `${key(p.space)}:${p.colour}`).sort();
    expect(before).toEqual(["0,0,0:orange", "1,-1,0:blue", "3,-3,0:orange"]);
  });

  it("turns legal commands into tappable spaces and die faces", () => {
    const legal = [
      { type: "AddTopping", space: [0, 1, -1] },
      { type: "AddTopping", space: [1, 1, -2] },
      { type: "ChooseCut", line: 3 },
    ];
    expect([...tappable(legal).keys()]).toEqual(["0,1,-1", "1,1,-2"]);
    expect(cutChoices(legal)).toEqual([3]);
  });
});
