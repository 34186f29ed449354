// A bot's move for a player is never shown as the player's own (the party audit: back on her phone after a
// stand-in, Ana read "You chose line 6. Waiting for the reveal…" of the bot's cut, and "You ate 3" in New
// York Slice after a bot ate for her).  The phone tells from `lobby.notices` (stand_in, back, timed_out
// about its player, newer than the last it had seen) and from what it last saw of its seat, remembered
// across a reload; with nothing remembered (a new phone) it claims the move for nobody.
import { render } from "preact";
import { act } from "preact/test-utils";
import { beforeEach, describe, expect, it } from "vitest";
import { PizzaTheoryHand } from "../src/games/pizza_theory/Hand";
import { NewYorkSliceHand } from "../src/games/new_york_slice/Hand";
import { advance, forgetAwayMemory } from "../src/games/awayMoves";
import type { Lobby, LobbyPlayer, Notice } from "../src/net/wire";
import { setLanguage } from "../src/strings";
import { mountPoint } from "./dom";

const root = mountPoint();
const players: LobbyPlayer[] = [
  { id: 7, name: "Ana", bot: null, connected: true, seat: 0 },
  { id: 8, name: "Bo", bot: null, connected: true, seat: 1 },
  { id: 9, name: "Dmitri", bot: null, connected: true, seat: 2 },
];
const notice = (n: number, kind: string, player = 7): Notice => ({ n, kind, player, name: players.find((p) => p.id === player)!.name, by: null });
const lobby = (notices: Notice[]) => ({ notices }) as unknown as Lobby;

/** A page opened afresh on the same phone: nothing in memory, localStorage kept. */
const reopen = () => forgetAwayMemory();

beforeEach(() => {
  setLanguage("en", false);
  localStorage.clear();
  forgetAwayMemory();
});

function ptView(round: number, yourCut: number | null) {
  return {
    players: 3,
    round,
    max_rounds: 30,
    phase: "cut",
    turn: null,
    waiting: [1, 2],
    order: [0, 1, 2],
    chosen: yourCut === null ? [] : [0],
    spaces: [],
    board: [],
    seats: [0, 1, 2].map((seat) => ({ seat, colour: ["orange", "blue", "pink"][seat], sector: seat, family: "xyz"[seat], supply: 13, on_pizza: 3 })),
    neutral: null,
    last_round: null,
    you: 0,
    your_cut: yourCut,
  };
}

function drawPt(round: number, yourCut: number | null, notices: Notice[]) {
  act(() => render(<PizzaTheoryHand game={ptView(round, yourCut)} lobby={lobby(notices)} players={players} seat={0} legal={[]} send={async () => {}} />, root()));
  return root().querySelector(".pt-chosen")?.textContent ?? null;
}

describe("Pizza Theory: whose cut it is", () => {
  it("a cut the phone chose itself is 'You chose'", () => {
    drawPt(3, null, [notice(10, "back", 8)]);
    expect(drawPt(3, 4, [notice(10, "back", 8)])).toBe("You chose line 4. Waiting for the reveal…");
  });

  it("a cut made while the player was away is the bot's, and stays so after a reload", () => {
    const early = [notice(10, "host_changed", 8)];
    drawPt(3, null, early);
    // (the phone goes; a bot stands in and cuts; she comes back on the same phone)
    reopen();
    const later = [...early, notice(40, "stand_in"), notice(55, "back")];
    expect(drawPt(3, 6, later)).toBe("A bot chose line 6 for you while you were away. Waiting for the reveal…");
    // the next render, and a reload, say the same; an older notice is not news again
    expect(drawPt(3, 6, later)).toMatch(/^A bot chose line 6/);
    reopen();
    expect(drawPt(3, 6, later)).toMatch(/^A bot chose line 6/);
    // the next round's cut is hers again
    drawPt(4, null, later);
    expect(drawPt(4, 2, later)).toBe("You chose line 2. Waiting for the reveal…");
  });

  it("a cut she had made before she went stays hers", () => {
    drawPt(5, 3, []);
    reopen();
    expect(drawPt(5, 3, [notice(40, "stand_in"), notice(55, "back")])).toBe("You chose line 3. Waiting for the reveal…");
  });

  it("a cut the turn timer made is said so", () => {
    drawPt(2, null, []);
    expect(drawPt(2, 5, [notice(30, "timed_out")])).toBe("Time ran out: a bot chose line 5 for you. Waiting for the reveal…");
  });

  it("someone else's stand-in changes nothing", () => {
    drawPt(2, null, []);
    expect(drawPt(2, 5, [notice(30, "stand_in", 8), notice(31, "timed_out", 9)])).toBe("You chose line 5. Waiting for the reveal…");
  });

  it("a new phone (nothing remembered) claims the cut for nobody", () => {
    expect(drawPt(3, 6, [notice(40, "stand_in"), notice(55, "seat_moved"), notice(56, "back")])).toBe("Your cut: line 6. Waiting for the reveal…");
  });
});

const slice = (id: number, pepperoni: number) => ({ id, kind: "plain", types: [9], pepperoni, anchovies: 0, name: "Pepperoni" });

function drawNys(eaten: ReturnType<typeof slice>[], notices: Notice[]) {
  const game = {
    decision: { kind: "choose", seat: 1 },
    ring: [],
    portions: [],
    table: [{ seat: 0, collected: [], eaten_count: eaten.length, specials: [] }],
    my_eaten: eaten,
    moves: 20,
  };
  act(() => render(<NewYorkSliceHand game={game} lobby={lobby(notices)} players={players} seat={0} legal={[]} send={async () => {}} />, root()));
  return [...root().querySelectorAll(".nys-mine .hint-text")].map((p) => p.textContent);
}

describe("New York Slice: the slices a bot ate", () => {
  it("says how many of the eaten slices a bot ate while she was away, and not the ones she eats herself", () => {
    drawNys([slice(1, 2), slice(2, 1)], []);
    reopen();
    const notices = [notice(70, "stand_in"), notice(90, "back")];
    expect(drawNys([slice(1, 2), slice(2, 1), slice(3, 3)], notices)).toEqual([
      "You ate 3 (6 pepperoni) — only you can see this.",
      "While you were away, a bot ate 1 of them for you (3 pepperoni).",
    ]);
    // she eats one herself: still one of them the bot's
    expect(drawNys([slice(1, 2), slice(2, 1), slice(3, 3), slice(4, 1)], notices)).toEqual([
      "You ate 4 (7 pepperoni) — only you can see this.",
      "While you were away, a bot ate 1 of them for you (3 pepperoni).",
    ]);
  });

  it("on a new phone (nothing remembered) after a stand-in, claims the eaten slices for nobody", () => {
    // (the party audit: a seat taken back on a new device read "You ate 2" of what the stand-in ate)
    expect(drawNys([slice(1, 2), slice(2, 1)], [notice(40, "stand_in"), notice(55, "seat_moved"), notice(56, "back")])).toEqual([
      "Eaten for your seat: 2 (3 pepperoni) — only you can see this.",
    ]);
  });

  it("says nothing of the kind when she ate them all herself", () => {
    drawNys([], []);
    expect(drawNys([slice(1, 2)], [notice(12, "back", 8)])).toEqual(["You ate 1 (2 pepperoni) — only you can see this."]);
  });
});

describe("the record", () => {
  it("is the same after the same render again (it may run on every render)", () => {
    const rules = { found: (b: number | null, a: number) => (b === a ? null : a), keep: (d: number, now: number) => (d === now ? d : null) };
    const once = advance({ base: 1, mark: 5, away: null, why: null }, 2, [notice(9, "stand_in")], 7, rules);
    expect(once).toEqual({ base: 2, mark: 9, away: 2, why: "away" });
    expect(advance(once, 2, [notice(9, "stand_in")], 7, rules)).toEqual(once);
  });
});
