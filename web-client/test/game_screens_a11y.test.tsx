// The game screens for assistive tech and for eyes that do not tell colours
// apart (the a11y audit of the three games' TV tables and phone hands):
// Pizza Theory's board names every space and sums itself up, its toppings are
// marked apart from empty spaces; New York Slice's small slices show their
// kind in a word; a card inside a button that names it is not read twice;
// Splittissimo's filled slices stand out from the empty ones.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PizzaTheoryHand } from "../src/games/pizza_theory/Hand";
import { NewYorkSliceHand } from "../src/games/new_york_slice/Hand";
import { SliceCard } from "../src/games/new_york_slice/Slice";
import { inkOn, TYPE_COLOURS } from "../src/games/new_york_slice/model";
import type { Slice } from "../src/games/new_york_slice/model";
import { SplittissimoHand } from "../src/games/splittissimo/Hand";
import { SplittissimoTable } from "../src/games/splittissimo/Table";
import { PizzaTheoryTable } from "../src/games/pizza_theory/Table";
import type { LobbyPlayer } from "../src/net/wire";
import { setLanguage } from "../src/strings";

const players: LobbyPlayer[] = [
  { id: 1, name: "Ana", bot: null, connected: true, seat: 0 },
  { id: 2, name: "Ben", bot: null, connected: true, seat: 1 },
];

let root: HTMLElement;
beforeEach(() => {
  setLanguage("en", false);
  root = document.createElement("div");
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
  setLanguage("en", false);
});

/** Two players and the neutral colour: Ana (orange, seat 0) has the centre, Ben one space, the neutral one. */
function ptView(phase: string) {
  return {
    round: 2,
    max_rounds: 5,
    phase,
    turn: phase === "add" ? 0 : null,
    order: [0, 1],
    waiting: [0],
    chosen: [],
    board: [
      { space: [0, 0, 0], colour: "orange" },
      { space: [1, -1, 0], colour: "blue" },
      { space: [-1, 1, 0], colour: "grey" },
    ],
    seats: [
      { seat: 0, colour: "orange", sector: 0, family: "x", supply: 10, on_pizza: 1 },
      { seat: 1, colour: "blue", sector: 1, family: "y", supply: 10, on_pizza: 1 },
    ],
    neutral: { colour: "grey", sector: 2, family: "z", line: null, on_pizza: 1 },
    last_round: { round: 1, cuts: [{ seat: 0, colour: "orange", family: "x", line: 3 }, { seat: 1, colour: "blue", family: "y", line: 5 }], placed: [], removed: [], slices: [], safe: [] },
  };
}

function ptHand(phase: string, legal: Record<string, unknown>[] = []) {
  render(<PizzaTheoryHand game={ptView(phase)} lobby={{} as never} players={players} seat={0} legal={legal as never} send={async () => {}} />, root);
  return root.querySelector<SVGSVGElement>("svg.pizza")!;
}

describe("Pizza Theory's board, for a screen reader", () => {
  it("names every space with what is on it, row by row, even while the phone chooses a cut", () => {
    const board = ptHand("cut");
    const named = [...board.querySelectorAll("[role=img], [role=button]")].map((e) => e.getAttribute("aria-label"));
    expect(named).toHaveLength(37);
    expect(named[0]).toBe("Row 1, space 1: empty");
    expect(named).toContain("Row 4, space 4: Ana's topping");
    expect(named).toContain("Row 4, space 5: Ben's topping");
    expect(named).toContain("Row 4, space 3: a neutral topping");
    expect(named.filter((n) => n!.endsWith(": empty"))).toHaveLength(34);
  });

  it("names the spaces a player may tap as empty buttons among the others", () => {
    const board = ptHand("add", [{ type: "AddTopping", space: [2, -2, 0] }, { type: "AddTopping", space: [0, 3, -3] }]);
    const buttons = [...board.querySelectorAll("[role=button]")].map((e) => e.getAttribute("aria-label"));
    expect(buttons).toEqual(["Row 1, space 1: empty", "Row 4, space 6: empty"]);
    expect(board.querySelectorAll("[role=img]")).toHaveLength(35);
    expect(root.querySelector(".pt-hand")!.classList.contains("pt-placing")).toBe(true);
  });

  it("sums the board up in words: toppings per player and the last cuts", () => {
    const board = ptHand("cut");
    const summary = document.getElementById(board.getAttribute("aria-describedby")!)!;
    expect(summary.textContent).toBe(
      "On the pizza: Ana 1, Ben 1, and Neutral 1; 34 spaces empty. Last cuts: Ana cut on line 3 and Ben cut on line 5.",
    );
    setLanguage("es", false);
    const es = ptHand("cut");
    expect(document.getElementById(es.getAttribute("aria-describedby")!)!.textContent).toMatch(/^En la pizza: Ana 1, Ben 1 y Neutral 1; 34 casillas vacías\. Últimos cortes: Ana cortó por la línea 3 y Ben cortó por la línea 5\.$/);
    expect([...es.querySelectorAll("[role=img]")].map((e) => e.getAttribute("aria-label"))).toContain("Fila 4, casilla 4: ingrediente de Ana");
  });

  it("lets a keyboard reach the spaces it may tap: an SVG element takes focus only from a lower-case tabindex", () => {
    const board = ptHand("add", [{ type: "AddTopping", space: [2, -2, 0] }]);
    const button = board.querySelector<SVGGElement>("[role=button]")!;
    expect(button.getAttribute("tabindex")).toBe("0");
    expect(button.hasAttribute("tabIndex") && button.getAttribute("tabIndex") !== "0").toBe(false);
  });

  it("turns the die with the arrow keys, one Tab stop for the six faces (a radio group)", () => {
    const cuts = [1, 2, 3, 4, 5, 6].map((line) => ({ type: "ChooseCut", line }));
    act(() => {
      ptHand("cut", cuts);
    });
    const radios = () => [...root.querySelectorAll<HTMLButtonElement>(".die-row [role=radio]")];
    expect(radios().map((r) => r.tabIndex)).toEqual([0, -1, -1, -1, -1, -1]);
    radios()[0].focus();
    act(() => {
      radios()[0].dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
    });
    expect(radios().map((r) => r.getAttribute("aria-checked"))).toEqual(["false", "true", "false", "false", "false", "false"]);
    expect(document.activeElement).toBe(radios()[1]);
    expect(radios().map((r) => r.tabIndex)).toEqual([-1, 0, -1, -1, -1, -1]);
    act(() => {
      radios()[1].dispatchEvent(new KeyboardEvent("keydown", { key: "End", bubbles: true }));
    });
    expect(radios()[5].getAttribute("aria-checked")).toBe("true");
  });

  it("the TV's order of play marks whose turn it is for a screen reader, not by its look alone", () => {
    render(<PizzaTheoryTable game={ptView("add")} lobby={{} as never} players={players} outcome={null} />, root);
    const items = [...root.querySelectorAll(".pt-order li")];
    expect(items.map((li) => li.getAttribute("aria-current"))).toEqual(["step", null]);
    expect(items[0].textContent).toContain("Ana");
  });

  it("marks a player's topping with a dark centre, so a plain circle is not an empty space", () => {
    const board = ptHand("cut");
    const toppings = [...board.querySelectorAll(".topping")];
    expect(toppings).toHaveLength(3);
    // Ana's and Ben's have the centre; the neutral's ring has its own mark
    expect(toppings.filter((t) => t.querySelector(".topping-core")).length).toBe(2);
  });
});

const slice = (id: number, types: number[], kind: Slice["kind"] = "plain"): Slice => ({ id, kind, types, pepperoni: 1, anchovies: 0, name: "x" });

describe("New York Slice's slice numbers", () => {
  const lum = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a: string, b: string) => {
    const [lo, hi] = [lum(a), lum(b)].sort((x, y) => x - y);
    return (hi + 0.05) / (lo + 0.05);
  };

  it("are drawn in the ink their slice's colour needs, at least 4.5:1 (dark ink on Meat Lovers was 2.5:1)", () => {
    for (const [type, colour] of Object.entries(TYPE_COLOURS)) {
      render(<SliceCard slice={slice(Number(type) * 10, [Number(type)])} small />, root);
      const ink = root.querySelector<HTMLElement>(".slice-num")!.style.color;
      const hex = inkOn(colour);
      expect(ink.replace(/\s/g, "")).toBe(hex === "#fff" ? "rgb(255,255,255)" : "rgb(27,15,10)");
      expect(ratio(hex === "#fff" ? "#ffffff" : hex, colour)).toBeGreaterThanOrEqual(4.5);
      render(null, root);
    }
  });
});

describe("New York Slice's small slices", () => {
  it("show their kind in a short word, in the language in use", () => {
    render(<SliceCard slice={slice(1, [8])} small />, root);
    expect(root.querySelector(".slice-short")!.textContent).toBe("Mush");
    expect(root.querySelector(".slice-card")!.getAttribute("aria-label")).toBe("Mushroom, 1 pepperoni");
    setLanguage("es", false);
    render(<SliceCard slice={slice(2, [5, 6], "combo")} small />, root);
    expect(root.querySelector(".slice-short")!.textContent).toBe("Haw/\u200bBBQ");
  });

  it("the Slicer's slices and the Seconds buttons say each slice once", () => {
    const ring = [slice(1, [8]), slice(2, [3]), slice(3, [9])];
    const game = { players: 2, ring, portions: [], decision: { kind: "slice", seat: 0 }, table: [{ seat: 0, collected: [slice(9, [5])], specials: [] }], my_eaten: [], moves: 1 };
    render(<NewYorkSliceHand game={game} lobby={{} as never} players={players} seat={0} legal={[{ type: "SliceRing", cuts: [0, 1], special: null }] as never} send={async () => {}} />, root);
    // (the Slicer's rows show the kind in a word beside each slice)
    expect([...root.querySelectorAll(".nys-cut-short")].map((e) => e.textContent)).toEqual(["Mush", "Veg", "Pep"]);
    for (const row of root.querySelectorAll(".nys-cut-row")) {
      expect(row.querySelector(".slice-card")!.getAttribute("aria-hidden")).toBe("true");
      expect(row.querySelector(".slice-card")!.getAttribute("role")).toBeNull();
    }
    render(null, root);
    const seconds = { ...game, ring: [], decision: { kind: "seconds", seat: 0 } };
    render(<NewYorkSliceHand game={seconds} lobby={{} as never} players={players} seat={0} legal={[{ type: "EatSeconds", slice: 9 }, { type: "FinishSeconds" }] as never} send={async () => {}} />, root);
    const button = root.querySelector(".nys-seconds-btn")!;
    expect(button.textContent).toContain("Eat Hawaiian, 1 pepperoni");
    expect(button.querySelector("[role=img]")).toBeNull();
    expect(button.querySelector(".slice-card")!.getAttribute("aria-hidden")).toBe("true");
  });
});

describe("Splittissimo's cards", () => {
  it("a card button carries the card's name, its picture hidden from assistive tech", () => {
    const game = {
      level: "easy", turn: 0, phase: "play", table: [{ id: 1, kind: "pizza", of: 4, slices: 1, text: "1/4", toppings: [] }],
      hand: [{ id: 2, kind: "pizza", of: 2, slices: 1, text: "1/2", toppings: ["tomato"] }], piles: [], seats: [], deck: 10,
    };
    render(<SplittissimoHand game={game} lobby={{} as never} players={players} seat={0} legal={[]} send={async () => {}} hints={null as never} />, root);
    const picks = [...root.querySelectorAll<HTMLButtonElement>(".sp-pick")];
    expect(picks.length).toBe(2);
    expect(picks.map((b) => b.querySelector(".sr-only")?.textContent)).toEqual(["Pizza card 1/4", "Pizza card 1/2 with tomato"]);
    for (const b of picks) expect(b.querySelector("svg")!.getAttribute("aria-hidden")).toBe("true");
  });

  it("the TV announces whose turn it is (its own live line, without the deck's count that changes at each draw)", () => {
    const game = {
      level: "easy", active: 1, phase: "play", table: [], piles: [], deck_size: 20, window: null, last_trick: null, last_cancel: null,
      seats: [{ seat: 0, hand_count: 4, delivered: [0, 1], passed: false }, { seat: 1, hand_count: 4, delivered: [0, 1], passed: false }],
    };
    render(<SplittissimoTable game={game} lobby={{ notices: [] } as never} players={players} outcome={null} />, root);
    const line = root.querySelector(".sp-turn-line")!;
    expect(line.getAttribute("aria-live")).toBe("polite");
    expect(line.textContent).toContain("Ben");
    expect(line.closest("[aria-live]")).toBe(line);
  });

  it("draws the slices there at least 3:1 against the slices gone", () => {
    const css = readFileSync(join(__dirname, "..", "src", "games", "splittissimo", "styles.css"), "utf8");
    const fill = (rule: string) => new RegExp(`\\.${rule} \\{[^}]*fill: (#[0-9a-f]{6})`, "i").exec(css)![1];
    const lum = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [a, b] = [lum(fill("sp-piece")), lum(fill("sp-gone"))].sort();
    expect((b + 0.05) / (a + 0.05)).toBeGreaterThanOrEqual(3);
  });
});
