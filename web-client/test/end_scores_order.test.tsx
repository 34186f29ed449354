// The end of a game lists the players best first (the party audit: the TV's end tables were in seat order,
// 24, 6, 15, 8, 2, 6): the winners, then by score; the Guest Check too.
import { render } from "preact";
import { describe, expect, it } from "vitest";
import { ScoreTable } from "../src/screens/EndPanel";
import { GuestCheck } from "../src/games/new_york_slice/Table";
import { rankSeats, scoreNumber } from "../src/games/ranking";
import type { LobbyPlayer, StateFrame } from "../src/net/wire";
import { setLanguage } from "../src/strings";
import { mountPoint } from "./dom";

const root = mountPoint();
const names = ["Ana", "Bo", "Chloé", "Dmitri", "Eve", "Fay"];
const players: LobbyPlayer[] = names.map((name, seat) => ({ id: seat + 10, name, bot: null, connected: true, seat }));

describe("the order of the end tables", () => {
  it("reads scores as the games write them", () => {
    expect([12, "7/2", "3 1/2", "-1 1/4", "2 / 16", { total: 9 }, "", null].map(scoreNumber)).toEqual([12, 3.5, 3.5, -1.25, 2, 9, null, null]);
  });

  it("puts the winners first, then the best scores, ties in seat order", () => {
    const totals = [24, 6, 15, 8, 2, 6];
    expect(rankSeats([0, 1, 2, 3, 4, 5], [0], (s) => totals[s])).toEqual([0, 2, 3, 1, 5, 4]);
    // a game whose winners have the lowest score: lowest first
    expect(rankSeats([0, 1, 2], [2], (s) => [5, 9, 1][s])).toEqual([2, 0, 1]);
    // a score the screen cannot read: seat order (the winners still first)
    expect(rankSeats([0, 1, 2], [1], (s) => (s === 2 ? null : 3))).toEqual([1, 0, 2]);
  });

  it("draws the end panel's table best first", () => {
    setLanguage("en", false);
    const state = {
      room: "ABCD",
      version: 1,
      lobby: { game: "pizza_theory", players: players.slice(0, 3) },
      you: { role: "host" },
      game: { seats: [{ on_pizza: 2 }, { on_pizza: 16 }, { on_pizza: 1 }] },
      outcome: { winners: [1], scores: [2, 16, 1] },
    } as unknown as StateFrame;
    render(<ScoreTable state={state} />, root());
    const rows = [...root().querySelectorAll("tbody tr")].map((tr) => [tr.querySelector(".chip-name")!.textContent, tr.querySelector(".num")!.textContent]);
    expect(rows).toEqual([
      ["Bo", "16 / 16"],
      ["Ana", "2 / 16"],
      ["Chloé", "1 / 16"],
    ]);
  });

  it("draws New York Slice's Guest Check best first", () => {
    const totals = [24, 6, 15, 8, 2, 6];
    const check = { winners: [0], rows: totals.map((total, seat) => ({ seat, majorities: 0, specials: 0, pepperoni: 0, total })) };
    render(<GuestCheck game={{ guest_check: check }} players={players} />, root());
    expect([...root().querySelectorAll(".gc-name")].map((e) => e.textContent)).toEqual(["Ana", "Chloé", "Dmitri", "Bo", "Fay", "Eve"]);
    expect(root().querySelector("tbody tr")!.classList.contains("winner-row")).toBe(true);
  });
});
