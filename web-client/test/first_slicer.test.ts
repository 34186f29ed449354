// New York Slice's "First Slicer" names the seats the game will have: the
// players not sitting out, in the lobby's order (as the hub seats them).
import { describe, expect, it } from "vitest";
import { FALLBACK_GAMES, sensibleOptions } from "../src/games/catalog";
import type { GameInfo, Lobby, LobbyPlayer } from "../src/net/wire";

const nys: GameInfo = {
  ...FALLBACK_GAMES.find((g) => g.id === "new_york_slice")!,
  options: [{ name: "first_slicer", kind: "choice", default: "random", label: "First Slicer", choices: ["random", 0, 1, 2, 3, 4, 5] }],
};

function lobbyOf(players: LobbyPlayer[]): Lobby {
  return { phase: "lobby", host_connected: true, locked: false, game: "new_york_slice", options: {}, players, spectators: 0 } as unknown as Lobby;
}

const names = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus"];
const seven = names.map((name, id): LobbyPlayer => ({ id, name, bot: null, human: true, connected: true, seat: null }));

describe("First Slicer", () => {
  it("lists every seat by the name of who will sit there, skipping whoever sits out", () => {
    const players = seven.map((p) => (p.name === "Cleo" ? { ...p, sitting_out: true } : p));
    const [shown] = sensibleOptions(nys, lobbyOf(players));
    const choices = shown.option.choices ?? [];
    expect(choices).toEqual(["random", 0, 1, 2, 3, 4, 5]);
    expect(choices.filter((c) => c !== "random").map((c) => shown.label!(c))).toEqual(["Ana", "Ben", "Dev", "Eli", "Fay", "Gus"]);
  });

  it("lists only the seats that exist", () => {
    const [shown] = sensibleOptions(nys, lobbyOf(seven.slice(0, 3)));
    expect(shown.option.choices).toEqual(["random", 0, 1, 2]);
  });
});
