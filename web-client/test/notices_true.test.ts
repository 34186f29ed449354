// Status lines never outlive what they say: a notice is taken down once the
// lobby shows it is no longer true, or a newer notice speaks of the same player.
import { describe, expect, it } from "vitest";
import type { Lobby, LobbyPlayer, Notice } from "../src/net/wire";
import { stillTrue } from "../src/ui/notices";

function lobbyWith(players: Partial<LobbyPlayer>[], host = 0): Lobby {
  return {
    phase: "playing",
    host_connected: true,
    locked: false,
    game: "pizza_theory",
    options: {},
    spectators: 0,
    authority: { kind: "phone", player: host },
    players: players.map((p, id) => ({ id, name: `P${id}`, bot: null, human: true, connected: true, seat: id, presence: "connected", ...p })),
  } as Lobby;
}

const notice = (n: number, kind: string, player: number): Notice => ({ n, kind, player, name: `P${player}`, by: null });

describe("a notice", () => {
  it("'a bot plays for Ben' holds while the bot does, and goes when Ben is back", () => {
    const standIn = notice(5, "stand_in", 1);
    expect(stillTrue(standIn, lobbyWith([{}, { stand_in: true, presence: "absent", connected: false }]))).toBe(true);
    expect(stillTrue(standIn, lobbyWith([{}, {}]))).toBe(false);
  });

  it("'Ben is back' goes when he is gone again", () => {
    const back = notice(6, "back", 1);
    expect(stillTrue(back, lobbyWith([{}, {}]))).toBe(true);
    expect(stillTrue(back, lobbyWith([{}, { presence: "away", connected: false }]))).toBe(false);
  });

  it("'Ana is the host' goes when someone else is", () => {
    const host = notice(7, "host_changed", 0);
    expect(stillTrue(host, lobbyWith([{}, {}], 0))).toBe(true);
    expect(stillTrue(host, lobbyWith([{}, {}], 1))).toBe(false);
  });

  it("gives way to a newer notice about the same player, never about another", () => {
    const moved = notice(3, "seat_moved", 1);
    expect(stillTrue(moved, lobbyWith([{}, {}]), [moved, notice(4, "timed_out", 0)])).toBe(true);
    expect(stillTrue(moved, lobbyWith([{}, {}]), [moved, notice(4, "timed_out", 1)])).toBe(false);
  });
});
