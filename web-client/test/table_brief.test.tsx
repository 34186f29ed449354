// The table on a phone that is not playing (screens/TableBrief.tsx): New York Slice's rows name each
// player's unused specials in the reader's language, each fact a piece of its own that wraps whole.
import { render } from "preact";
import { afterEach, describe, expect, it } from "vitest";
import type { View } from "../src/games/types";
import type { LobbyPlayer } from "../src/net/wire";
import { TableBrief } from "../src/screens/TableBrief";
import { setLanguage } from "../src/strings";
import { mountPoint } from "./dom";

const players = [
  { id: 1, name: "Ana", seat: 0, bot: null, presence: "connected" },
  { id: 2, name: "Bot 1", seat: 1, bot: "strong", presence: "connected" },
] as unknown as LobbyPlayer[];

const game = {
  round: 2,
  rounds: 6,
  slicer: 1,
  stacks: [[], []],
  decision: { kind: "sneak", seat: 0 },
  table: [
    {
      seat: 0,
      collected: [{}, {}],
      eaten_count: 1,
      specials: [
        { special: "stuffed_crust", name: "Stuffed Crust", used: false },
        { special: "sneak_a_slice", name: "Sneak-a-Slice", used: true },
      ],
    },
    { seat: 1, collected: [], eaten_count: 0, specials: [{ special: "day_old_pizza", name: "Day-Old Pizza", used: false }] },
  ],
} as unknown as View;

const root = mountPoint();
afterEach(() => setLanguage("en", false));

const rows = () => [...root().querySelectorAll(".brief-seat .brief-chips")].map((r) => [...r.children].map((c) => c.textContent));

describe("the table brief of New York Slice", () => {
  it("lists each seat's facts and unused specials as pieces, the separator ending a piece", () => {
    setLanguage("en", false);
    render(<TableBrief gameId="new_york_slice" game={game} players={players} outcome={null} />, root());
    expect(rows()).toEqual([
      ["kept 2 ·", "ate 1 ·", "Stuffed Crust"],
      ["kept 0 ·", "ate 0 ·", "Day-Old Pizza"],
    ]);
  });

  it("names the specials in Spanish on a Spanish phone, not with the hub's English names", () => {
    setLanguage("es", false);
    render(<TableBrief gameId="new_york_slice" game={game} players={players} outcome={null} />, root());
    const text = root().querySelector(".brief-seats")!.textContent!;
    expect(text).toContain("Borde relleno");
    expect(text).toContain("Pizza de ayer");
    expect(text).not.toMatch(/Stuffed Crust|Day-Old Pizza/);
  });
});
