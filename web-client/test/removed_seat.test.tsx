// A player removed during a game (the class audit): their seat plays on, so the game's screens still name
// it and it keeps its look (a bot plays it), nobody after them changes colour or shape mid-game, the people
// lists leave them out, and every screen is told why ("Ben has left the game").
import { describe, expect, it } from "vitest";
import type { Lobby, LobbyPlayer, Notice } from "../src/net/wire";
import { bySeat, looksOf, seatedRoster, seatName } from "../src/ui/players";
import { botPlaysFor } from "../src/ui/presence";
import { noticeText } from "../src/ui/notices";
import { S } from "../src/strings";

function person(id: number, name: string, seat: number): LobbyPlayer {
  return { id, name, bot: null, human: true, connected: true, seat, presence: "connected" };
}

const ada = person(0, "Ada", 0);
const cleo = person(2, "Cleo", 2);
const before: Lobby = { phase: "playing", players: [ada, person(1, "Ben", 1), cleo] } as unknown as Lobby;
const after: Lobby = { phase: "playing", players: [ada, cleo], removed: [{ id: 1, name: "Ben", seat: 1 }] } as unknown as Lobby;

describe("a seat whose player was removed mid-game", () => {
  it("keeps its name, with a bot playing it, on the game's screens", () => {
    const roster = seatedRoster(after);
    expect(seatName(roster, 1)).toBe("Ben");
    const ben = bySeat(roster).get(1)!;
    expect(ben.removed).toBe(true);
    expect(botPlaysFor(ben)).toBe(true);
    // the lobby's list of people is left as the hub sent it
    expect(after.players.map((p) => p.name)).toEqual(["Ada", "Cleo"]);
  });

  it("leaves everyone's look as it was", () => {
    const was = looksOf(seatedRoster(before));
    const now = looksOf(seatedRoster(after));
    for (const id of [0, 1, 2]) expect(now.get(id)).toEqual(was.get(id));
  });

  it("is the lobby's own list when nobody was removed (or an older hub sends no removed)", () => {
    expect(seatedRoster(before)).toBe(before.players);
  });

  it("is announced in words", () => {
    const notice: Notice = { n: 40, kind: "removed", player: 1, name: "Ben", by: null };
    expect(noticeText(notice, 0)).toBe(S.noticeRemoved("Ben"));
  });
});

describe("the projector's words for a removed student", () => {
  it("says the bot finishes the game, not that it plays for now", async () => {
    const { playerState } = await import("../src/classroom/ClassScreen");
    const { T } = await import("../src/classroom/strings.teacher");
    expect(playerState({ name: "Ben", bot: true, connected: true, stand_in: true, removed: true })).toBe(T.botFinishes);
    expect(playerState({ name: "Ben", bot: true, connected: false, stand_in: true })).toBe(T.botPlays);
  });
});
