// New York Slice's rarer decisions on a phone (issue 27 §1): Dibs! and Sneak-a-Slice draw each choice as a
// small button (a slice's triangle and a few words), two to a row, and keep the whole sentence as its name.
import { render } from "preact";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { NewYorkSliceHand } from "../src/games/new_york_slice/Hand";
import type { Slice } from "../src/games/new_york_slice/model";
import type { View } from "../src/games/types";
import type { Command, Lobby } from "../src/net/wire";
import { setLanguage } from "../src/strings";

const slice = (id: number): Slice => ({ id, kind: "plain", types: [3 + (id % 9)], pepperoni: id % 3, anchovies: 0, name: "" }) as Slice;

let root: HTMLElement;
beforeEach(() => {
  setLanguage("en", false);
  root = document.createElement("div");
  document.body.appendChild(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
});

function draw(game: View, legal: Command[]) {
  render(
    <NewYorkSliceHand game={game} lobby={{} as Lobby} players={[]} seat={0} legal={legal} send={() => Promise.resolve()} />,
    root,
  );
  return [...root.querySelectorAll("button")];
}

describe("New York Slice's rarer decisions on a phone", () => {
  it("Dibs!: one small button per slice of the ring, in a two-column list, named in full", () => {
    const ring = Array.from({ length: 11 }, (_, i) => slice(i));
    const legal: Command[] = [...ring.map((s) => ({ type: "CallDibs", slice: s.id })), { type: "DeclineDibs" }];
    const buttons = draw({ decision: { kind: "dibs" }, ring, portions: [], table: [], moves: 1 } as unknown as View, legal);
    const list = root.querySelector(".nys-dibs-list")!;
    expect(list.querySelectorAll("button")).toHaveLength(11);
    expect(buttons.at(-1)!.textContent).toBe("No, thanks");
    const first = list.querySelector("button")!;
    expect(first.getAttribute("aria-label")).toBe("Veggie"); // slice 0: type 3, no pepperoni
    expect(list.querySelectorAll("button")[1].getAttribute("aria-label")).toMatch(/^Margherita, /);
    expect(first.querySelector(".slice-card")).not.toBeNull();
  });

  it("Sneak-a-Slice: each move under the portion it takes a slice from, as the slice and '→ to', named in full", () => {
    const portions = [0, 1, 2].map((index) => ({ index, slices: [slice(index * 2), slice(index * 2 + 1)], taken_by: null }));
    const legal: Command[] = [
      { type: "SneakSlice", portion: 0, clockwise: true },
      { type: "SneakSlice", portion: 0, clockwise: false },
      { type: "SneakSlice", portion: 2, clockwise: true },
      { type: "DeclineSneak" },
    ];
    draw({ decision: { kind: "sneak" }, ring: [], portions, table: [], moves: 1 } as unknown as View, legal);
    // one board: the decision's (the plain board under it is not drawn again)
    expect(root.querySelectorAll(".nys-portions")).toHaveLength(1);
    const tiles = [...root.querySelectorAll(".nys-portion")];
    const text = (b: Element) => b.textContent!.replace(/\s+/g, "");
    const a = [...tiles[0].querySelectorAll(".nys-portion-moves button")];
    // (the slice's triangle shows its number first: the last slice of A is type 4, the first type 3)
    expect(a.map(text)).toEqual(["4→B", "3→C"]);
    expect(a[0].getAttribute("aria-label")).toBe("Move the last slice of A to B");
    expect(a[1].getAttribute("aria-label")).toBe("Move the first slice of A to C");
    expect(tiles[1].querySelectorAll(".nys-portion-moves button")).toHaveLength(0);
    expect([...tiles[2].querySelectorAll(".nys-portion-moves button")].map(text)).toEqual(["8→A"]);
    expect(root.querySelector(".nys-sneak .btn-quiet")!.textContent).toBe("No, thanks");
  });
});
