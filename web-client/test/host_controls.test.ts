import { describe, expect, it } from "vitest";
import type { LobbyPlayer } from "../src/net/wire";
import { handedToBot, seatAction, seatRows, timerChoices, timerPreset, turnSeconds, TIMER_CHOICES } from "../src/screens/hostControls";

function player(id: number, fields: Partial<LobbyPlayer> = {}): LobbyPlayer {
  return { id, name: `P${id}`, bot: null, human: true, connected: true, seat: id, ...fields };
}

describe("seat actions on the TV host menu", () => {
  it("offers a person's seat to a bot, and a handed seat back", () => {
    expect(seatAction(player(0))).toBe("hand_to_bot");
    expect(seatAction(player(0, { connected: false }))).toBe("hand_to_bot");
    expect(seatAction(player(0, { bot: "" }))).toBe("take_back");
    expect(seatAction(player(0, { bot: "strong" }))).toBe("take_back");
    expect(handedToBot(player(0, { bot: "random" }))).toBe(true);
    expect(handedToBot(player(0))).toBe(false);
  });

  it("offers nothing for a bot added as a bot", () => {
    expect(seatAction(player(1, { human: false, bot: "strong" }))).toBeNull();
  });

  it("without the hub's human flag, a player a bot plays is taken for a bot", () => {
    const old = (p: LobbyPlayer) => {
      const { human: _h, ...rest } = p;
      return rest as LobbyPlayer;
    };
    expect(seatAction(old(player(0)))).toBe("hand_to_bot");
    expect(seatAction(old(player(1, { bot: "strong" })))).toBeNull();
  });

  it("lists seated people in seat order during a game, everyone human in the lobby", () => {
    const players = [
      player(5, { seat: 2 }),
      player(1, { human: false, bot: "strong", seat: 0 }),
      player(2, { seat: 1, bot: "" }),
      player(7, { seat: null }),
    ];
    expect(seatRows(players, true).map((p) => p.id)).toEqual([2, 5]);
    expect(seatRows(players.map((p) => ({ ...p, seat: null })), false).map((p) => p.id)).toEqual([2, 5, 7]);
  });
});

describe("turn timer choices", () => {
  it("offers off, 30, 60 and 120 seconds", () => {
    expect(timerChoices(0)).toEqual([0, 30, 60, 120]);
    expect(timerChoices(undefined)).toEqual([...TIMER_CHOICES]);
    expect(timerChoices(60)).toEqual([0, 30, 60, 120]);
  });

  it("keeps a value set elsewhere visible, in order", () => {
    expect(timerChoices(45)).toEqual([0, 30, 45, 60, 120]);
    expect(timerChoices(600)).toEqual([0, 30, 60, 120, 600]);
  });
});

describe("turn seconds (the hub's rule in server/timers.py)", () => {
  const player = (id: number, seat: number | null, extra: boolean, bot: string | null = null) => ({
    id,
    name: `P${id}`,
    bot,
    connected: true,
    seat,
    extra_time: extra,
  });
  it("is the room's timer, doubled while a player with extra time acts", () => {
    const players = [player(1, 0, false), player(2, 1, true)];
    expect(turnSeconds(0, players, [1])).toBe(0);
    expect(turnSeconds(30, players, [0])).toBe(30);
    expect(turnSeconds(30, players, [1])).toBe(60);
    expect(turnSeconds(30, players, [0, 1])).toBe(60);
  });
  it("ignores extra time on a seat a bot is playing", () => {
    expect(turnSeconds(30, [player(2, 1, true, "random")], [1])).toBe(30);
  });
  it("names the presets", () => {
    expect([0, 30, 60, 120, 45].map(timerPreset)).toEqual(["off", "quick", "normal", "extended", null]);
  });
});
