// Pizza Theory's reveal on the TV says what it shows (the party audit, 35-tv-reveal-*.png): while the cuts
// were still drawn, the header already read "Round 2 · Add toppings", Bo's plate "Adding a topping…" and
// Ana's plate "3rd this round" beside the board's "1st"; and the cuts showed for about a second once the
// "The cuts are revealed!" banner had gone.  Now the reveal shows the round just cut, all of it, as it was
// when the cuts came in, for a while after the banner, then the next round.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PizzaTheoryTable, revealSchedule, revealSectors } from "../src/games/pizza_theory/Table";
import type { LobbyPlayer } from "../src/net/wire";
import { MOMENT_MS } from "../src/ui/Moments";
import { setLanguage } from "../src/strings";
import { mountPoint } from "./dom";

const root = mountPoint();
const players: LobbyPlayer[] = [
  { id: 1, name: "Ana", bot: null, connected: true, seat: 0 },
  { id: 2, name: "Bo", bot: null, connected: true, seat: 1 },
  { id: 3, name: "Dmitri", bot: null, connected: true, seat: 2 },
];
const COLOURS = ["orange", "blue", "pink"];
const FAMILY = ["x", "y", "z"];
const cell = (space: number[], colour: string | null) => ({ space, colour });

/** Round `round`'s view in its add phase: seat s faces sector (s - round + 1) mod 3 (as rules.py turns it). */
function view(round: number, extra: { board?: unknown[]; last?: unknown } = {}) {
  const sectors = [0, 1, 2].map((seat) => (((seat - (round - 1)) % 3) + 3) % 3);
  const order = [0, 1, 2].sort((a, b) => sectors[a] - sectors[b]);
  return {
    players: 3,
    round,
    max_rounds: 30,
    phase: "add",
    turn: order[0],
    waiting: [order[0]],
    order,
    chosen: [],
    spaces: [],
    board: extra.board ?? [cell([0, 0, 0], "orange")],
    seats: [0, 1, 2].map((seat) => ({ seat, colour: COLOURS[seat], sector: sectors[seat], family: FAMILY[sectors[seat]], supply: 13, on_pizza: 3, first: order[0] === seat, chosen: false })),
    neutral: null,
    last_round: extra.last ?? null,
    winners: [],
  };
}

/** Round 1's reveal, as round 2's view carries it: Ana cut with family x (she faced "1st"), Bo y, Dmitri z. */
const lastRound = {
  round: 1,
  cuts: [
    { seat: 0, colour: "orange", family: "x", line: 4 },
    { seat: 1, colour: "blue", family: "y", line: 6 },
    { seat: 2, colour: "pink", family: "z", line: 5 },
  ],
  slices: [],
  safe: [],
  removed: [],
  placed: [],
  short: [],
  would_have: [],
};

const text = (sel: string) => root().querySelector(sel)?.textContent ?? null;
const plates = () => [...root().querySelectorAll(".plate")].map((p) => p.textContent ?? "");

beforeEach(() => {
  setLanguage("en", false);
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

describe("Pizza Theory's reveal on the TV", () => {
  it("shows the round just cut, header and plates included, until the pizza turns to the next round", () => {
    const draw = (game: object) => act(() => render(<PizzaTheoryTable game={game} lobby={{} as never} players={players} outcome={null} />, root()));
    draw({ ...view(1), phase: "cut", waiting: [0, 1, 2], turn: null });
    // the three cuts are in: round 2 begins, with round 1's reveal in its view
    const round2 = view(2, { last: lastRound });
    draw(round2);
    expect(text(".table-round")).toBe("Round 1 of 30");
    expect(text(".table-phase")).toBe("The cuts are revealed");
    expect(root().querySelector(".pt-order")).toBeNull(); // (round 2's order: not yet)
    expect(root().querySelectorAll(".pizza .skewer")).toHaveLength(3);
    // each plate says the sector its player faced in round 1, as the board's labels (turned back) do
    expect(plates()[0]).toContain("1st this round");
    expect(plates().join(" ")).not.toContain("Adding a topping");
    // the next round goes on meanwhile (Bo adds a topping): the reveal does not change under the cuts
    draw({ ...round2, board: [cell([0, 0, 0], "orange"), cell([1, -1, 0], "blue")] });
    expect(text(".table-round")).toBe("Round 1 of 30");
    expect(root().querySelectorAll(".pizza .topping")).toHaveLength(1);
    // the cuts stay up a while after the TV's banner over them has gone
    act(() => {
      vi.advanceTimersByTime(MOMENT_MS + 1000);
    });
    expect(root().querySelectorAll(".pizza .skewer")).toHaveLength(3);
    expect(text(".table-round")).toBe("Round 1 of 30");
    // then the pizza turns, and everything is round 2's
    act(() => {
      vi.advanceTimersByTime(6000);
    });
    expect(text(".table-round")).toBe("Round 2 of 30");
    expect(text(".table-phase")).toBe("Add toppings");
    expect(root().querySelectorAll(".pizza .skewer")).toHaveLength(0);
    expect(root().querySelectorAll(".pizza .topping")).toHaveLength(2);
    expect(plates()[0]).toContain("3rd this round");
    expect(root().querySelector(".pt-order")).not.toBeNull();
  });

  it("says a cut a bot chose for an absent player is the bot's (the party audit: 'Dmitri cut on line 5')", () => {
    const away: LobbyPlayer[] = [players[0], players[1], { ...players[2], connected: false, presence: "absent", stand_in: true }];
    const draw = (game: object) => act(() => render(<PizzaTheoryTable game={game} lobby={{} as never} players={away} outcome={null} />, root()));
    draw({ ...view(1), phase: "cut", waiting: [0, 1, 2], turn: null });
    draw(view(2, { last: lastRound }));
    const said = [...root().querySelectorAll(".reveal-cuts li")].map((li) => li.textContent);
    expect(said).toEqual(["Ana cut on line 4", "Bo cut on line 6", "A bot cut on line 5 for Dmitri"]);
  });

  it("says a cut the turn timer's bot chose is the bot's, whether its notice came during the cut or with the reveal", () => {
    const timedOut = (n: number, player: number, name: string) => ({ n, kind: "timed_out", player, name, by: null });
    const draw = (game: object, notices: object[]) =>
      act(() => render(<PizzaTheoryTable game={game} lobby={{ notices } as never} players={players} outcome={null} />, root()));
    // Bo's time runs out during round 1's cut; Dmitri's bot cut last, its notice with the reveal
    draw({ ...view(1), phase: "add" }, []);
    draw({ ...view(1), phase: "cut", waiting: [0, 1, 2], turn: null }, [timedOut(20, 2, "Bo")]);
    draw(view(2, { last: lastRound }), [timedOut(20, 2, "Bo"), timedOut(24, 3, "Dmitri")]);
    const said = [...root().querySelectorAll(".reveal-cuts li")].map((li) => li.textContent);
    expect(said).toEqual(["Ana cut on line 4", "A bot cut on line 6 for Bo", "A bot cut on line 5 for Dmitri"]);
    // a topping the timer's bot adds in round 2 says nothing of round 1's cuts
    draw({ ...view(2, { last: lastRound }), board: [cell([0, 0, 0], "orange"), cell([1, -1, 0], "orange")] }, [
      timedOut(20, 2, "Bo"),
      timedOut(24, 3, "Dmitri"),
      timedOut(30, 1, "Ana"),
    ]);
    expect([...root().querySelectorAll(".reveal-cuts li")][0].textContent).toBe("Ana cut on line 4");
  });

  it("reads each colour's sector in the round just cut from its cut's family", () => {
    expect([...revealSectors({ last_round: lastRound }).entries()]).toEqual([
      ["orange", 0],
      ["blue", 1],
      ["pink", 2],
    ]);
  });

  it("keeps the cuts up after the banner, and ends the game's last reveal at once with the final board", () => {
    const steps = revealSchedule(false, false);
    expect(steps.map(([stage]) => stage)).toEqual(["cuts", "replace", "turn", "idle"]);
    expect(steps[1][1]).toBeGreaterThanOrEqual(MOMENT_MS + 1000);
    // (reduced motion: as long to read the cuts, the rest quicker)
    expect(revealSchedule(false, true)[1][1]).toBe(steps[1][1]);
    expect(revealSchedule(false, true)[3][1]).toBeLessThan(steps[3][1]);
    expect(revealSchedule(true, false)[0][0]).toBe("replace");
  });
});
