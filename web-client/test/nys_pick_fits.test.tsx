// New York Slice's pick, on a phone and on the TV (the party audit).  A 360x640 phone showed the portions
// already taken as tall cards whose owners' names wrapped a few letters a line ("Maxi / milia / no"), and
// the only "Take" buttons below the fold; the TV drew the portions as ~50 px triangles and its ring as a
// third of the screen.  Now the phone lists the open portions first, each with its button, and the taken
// ones after them as one short row each (the name cut to the row, whole for a screen reader); the TV sizes
// every slice of the portions to the column (portionLayout) and gives the ring the column's whole height.
import { render } from "preact";
import { describe, expect, it } from "vitest";
import { NewYorkSliceHand } from "../src/games/new_york_slice/Hand";
import { NewYorkSliceTable } from "../src/games/new_york_slice/Table";
import { portionLayout, type Slice } from "../src/games/new_york_slice/model";
import type { View } from "../src/games/types";
import type { Command, Lobby, LobbyPlayer } from "../src/net/wire";
import { mountPoint } from "./dom";

const root = mountPoint();

const slice = (id: number): Slice => ({ id, kind: "plain", types: [3 + (id % 9)], pepperoni: id % 3, anchovies: 0, name: "" }) as Slice;
const player = (id: number, name: string): LobbyPlayer => ({ id, name, bot: null, human: true, connected: true, seat: id, presence: "connected" });
const players = [player(0, "Ana"), player(1, "Maximiliano Long"), player(2, "🍕 Pizza Queen 🍕"), player(3, "WWWWWWWWWWWWWWWW"), player(4, "Dmitri 😀")];

/** Six portions: A, B, C taken (C by seat 5, whose player left the room), D, E, F still on the table. */
function pickGame(): View {
  const takers = [1, 2, 5, null, null, null];
  return {
    decision: { kind: "choose", seat: 4 },
    ring: [],
    portions: takers.map((taken_by, index) => ({ index, slices: taken_by === null ? [slice(index * 2), slice(index * 2 + 1)] : [], special: null, taken_by })),
    table: [],
    moves: 9,
    my_eaten: [],
  } as unknown as View;
}

const choose: Command[] = [3, 4, 5].map((portion) => ({ type: "ChoosePortion", portion }));

describe("the pick on a phone", () => {
  it("shows the portions to choose from first, each with its Take button, and the taken ones after as short rows", () => {
    render(<NewYorkSliceHand game={pickGame()} lobby={{} as Lobby} players={players} seat={4} legal={choose} send={() => Promise.resolve()} />, root());
    const cards = [...root().querySelectorAll(".nys-portions .nys-portion")];
    expect(cards.map((c) => c.querySelector(".nys-portion-label")!.textContent)).toEqual(["D", "E", "F"]);
    expect(cards.map((c) => c.querySelector(".nys-take")!.textContent)).toEqual(["Take D", "Take E", "Take F"]);
    // every Take button comes before the list of portions taken
    const taken = root().querySelector(".nys-taken")!;
    expect(taken.getAttribute("aria-label")).toBe("Portions taken");
    for (const button of root().querySelectorAll(".nys-take")) {
      expect(button.compareDocumentPosition(taken) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    // each taken portion: its letter and who took it, the whole name said (the row may cut it with "…")
    const rows = [...taken.querySelectorAll(".nys-taken-row")];
    expect(rows.map((r) => r.querySelector(".sr-only")!.textContent)).toEqual([
      "Portion A: Maximiliano Long took it",
      "Portion B: 🍕 Pizza Queen 🍕 took it",
      "Portion C: Seat 6 took it",
    ]);
    expect(rows[0].querySelector(".chip-name")!.textContent).toBe("Maximiliano Long");
    // (the drawn letter and chip are not read a second time)
    expect(rows[0].querySelector(".nys-taken-who")!.getAttribute("aria-hidden")).toBe("true");
  });

  it("while someone else picks, the phone's board says who took each portion too", () => {
    render(<NewYorkSliceHand game={pickGame()} lobby={{} as Lobby} players={players} seat={0} legal={[]} send={() => Promise.resolve()} />, root());
    expect(root().querySelectorAll(".nys-portions .nys-portion")).toHaveLength(3);
    expect(root().querySelectorAll(".nys-take")).toHaveLength(0);
    expect([...root().querySelectorAll(".nys-taken .chip-name")].map((e) => e.textContent)).toEqual(["Maximiliano Long", "🍕 Pizza Queen 🍕"]);
  });
});

describe("the pick on the TV", () => {
  it("keeps every portion in its place, the slices sized to the column", () => {
    render(<NewYorkSliceTable game={{ ...pickGame(), table: [], round: 1, rounds: 6, slicer: 0, stacks: [1] }} lobby={{} as Lobby} players={players} outcome={null} />, root());
    const list = root().querySelector<HTMLElement>(".nys-portions")!;
    expect([...list.querySelectorAll(".nys-portion-label")].map((e) => e.textContent)).toEqual(["A", "B", "C", "D", "E", "F"]);
    expect(list.style.getPropertyValue("--cols")).toBe("3");
    expect(Number(list.style.getPropertyValue("--nys-f"))).toBeGreaterThanOrEqual(1);
    expect(root().querySelector(".nys-taken")).toBeNull();
    // who decides, and the tableaus, beside the pizza
    expect(root().querySelector(".nys-table > .nys-info .table-phase")!.textContent).toBe("Dmitri 😀 chooses a portion");
  });

  it("sizes the slices: larger than the old 0.6 em for an ordinary division, smaller (never under 0.6) for crowded portions", () => {
    const six = (n: number) => Array.from({ length: 6 }, () => ({ slices: n, special: false, taken: false }));
    const two = portionLayout(six(2));
    expect(two.cols).toBe(3);
    expect(two.scale).toBeGreaterThanOrEqual(1.1);
    expect(two.names).toBe(true);
    // more slices in a portion: smaller, all alike
    const crowded = portionLayout([...six(1).slice(0, 5), { slices: 6, special: true, taken: false }]);
    expect(crowded.scale).toBeLessThan(two.scale);
    expect(crowded.scale).toBeGreaterThanOrEqual(0.6);
    // two players: two portions side by side, large
    expect(portionLayout([{ slices: 5, special: false, taken: false }, { slices: 6, special: true, taken: false }]).cols).toBe(2);
    expect(portionLayout([{ slices: 3, special: false, taken: false }, { slices: 3, special: false, taken: false }, { slices: 5, special: false, taken: false }]).cols).toBe(3);
    // the slices of a portion fit its share of the column, in some rows: (4.6 em wide each, 0.2 em apart)
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const { cols, scale } = portionLayout(six(n));
      const share = (37.2 - (cols - 1) * 0.6) / cols - 1.4;
      expect(4.6 * scale).toBeLessThanOrEqual(share);
    }
  });
});

describe("the ring on the TV", () => {
  it("takes the pizza's column; what the Special does is said beside it, under who decides", () => {
    const game = { ...pickGame(), portions: [], ring: Array.from({ length: 11 }, (_, i) => slice(i)), special: "dibs", decision: { kind: "slice", seat: 0 }, round: 1, rounds: 6, slicer: 0, stacks: [1] };
    render(<NewYorkSliceTable game={game} lobby={{} as Lobby} players={players} outcome={null} />, root());
    expect(root().querySelector(".nys-centre .nys-ring")).not.toBeNull();
    expect(root().querySelector(".nys-centre .nys-special-line")).toBeNull();
    expect(root().querySelector(".nys-side .nys-special-line")!.textContent).toMatch(/^★ Dibs!: /);
    expect(root().querySelector(".nys-table")!.classList.contains("nys-table-ring")).toBe(true);
  });
});
