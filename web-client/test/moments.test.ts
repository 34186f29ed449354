// The TV's big moments (issue 27): each change a room should see gives one
// moment, in the language in use, and nothing else does (a turn passing, the
// same trick sent again with the next view, a game just starting).
import { afterEach, describe, expect, it } from "vitest";
import type { Lobby, LobbyPlayer, StateFrame } from "../src/net/wire";
import { setLanguage } from "../src/strings";
import { momentsFor, noticeMoment, type Moment } from "../src/ui/moments";

/** Moments as they read now, in the language in use. */
function said(moments: readonly (Moment | null)[]): ({ kind: string; text: string } | null)[] {
  return moments.map((m) => (m ? { kind: m.kind, text: m.say() } : null));
}

function player(id: number, name: string): LobbyPlayer {
  return { id, name, bot: null, human: true, connected: true, seat: id };
}

function lobby(game: string): Lobby {
  return { phase: "playing", host_connected: true, locked: false, game, options: {}, players: [player(0, "Ana"), player(1, "Bo")], spectators: 0 };
}

function state(game: string, view: Record<string, unknown>, outcome: StateFrame["outcome"] = null): StateFrame {
  return { t: "state", room: "ABCD", version: 1, lobby: lobby(game), you: { role: "host", player: null, seat: null }, game: view, outcome };
}

afterEach(() => setLanguage("en", false));

describe("the TV's big moments", () => {
  it("says a trick, a Special and a Cancelled Order once each, by name", () => {
    const before = state("splittissimo", { turn: 3, last_trick: null, last_cancel: null });
    const trick = state("splittissimo", { turn: 4, last_trick: { seat: 1, special: false, text: "1/2 = 2/4" }, last_cancel: null });
    expect(said(momentsFor(before, trick))).toEqual([{ kind: "trick", text: "Bo made a trick" }]);
    // the same trick in the next view is not news again
    expect(momentsFor(trick, state("splittissimo", { turn: 5, last_trick: { seat: 1, special: false, text: "1/2 = 2/4" }, last_cancel: null }))).toEqual([]);
    const special = state("splittissimo", { turn: 5, last_trick: { seat: 0, special: true, text: "x" }, last_cancel: { seat: 1, by: 0, turn: 5 } });
    expect(momentsFor(trick, special).map((m) => m.kind)).toEqual(["special", "cancel"]);
    expect(momentsFor(trick, special)[1].say()).toBe("Ana cancelled Bo's turn");
  });

  it("says a trick the turn timer's bot made is the bot's, and a removed player's seat by name", () => {
    const before = state("splittissimo", { turn: 3, last_trick: null, last_cancel: null });
    const trick = state("splittissimo", { turn: 4, last_trick: { seat: 1, special: false, text: "1/2 = 2/4" }, last_cancel: null });
    trick.lobby = { ...trick.lobby, notices: [{ n: 9, kind: "timed_out", player: 1, name: "Bo", by: null }] };
    expect(said(momentsFor(before, trick))).toEqual([{ kind: "trick", text: "A bot made a trick for Bo" }]);
    // Bo's own trick later, the old notice still listed: Bo's
    const own = state("splittissimo", { turn: 6, last_trick: { seat: 1, special: false, text: "3/4 = 6/8" }, last_cancel: null });
    own.lobby = trick.lobby;
    expect(said(momentsFor(trick, own))).toEqual([{ kind: "trick", text: "Bo made a trick" }]);
    // Bo removed mid-game: his seat is still named
    const gone = state("splittissimo", { turn: 7, last_trick: { seat: 1, special: false, text: "1/4 = 2/8" }, last_cancel: null });
    gone.lobby = { ...gone.lobby, players: [player(0, "Ana")], removed: [{ id: 1, name: "Bo", seat: 1 }] };
    expect(said(momentsFor(own, gone))).toEqual([{ kind: "trick", text: "A bot made a trick for Bo" }]);
  });

  it("says a reveal: Pizza Theory's cuts, New York Slice's portions", () => {
    const a = state("pizza_theory", { round: 1, last_round: null });
    const b = state("pizza_theory", { round: 2, last_round: { round: 1 } });
    expect(said(momentsFor(a, b))).toEqual([{ kind: "reveal", text: "The cuts are revealed!" }]);
    const ring = state("new_york_slice", { slicer: 0, portions: [] });
    const cut = state("new_york_slice", { slicer: 0, portions: [{ index: 0 }, { index: 1 }] });
    expect(said(momentsFor(ring, cut))).toEqual([{ kind: "reveal", text: "Ana sliced the pizza!" }]);
  });

  it("says the winner when the game ends, in Spanish too, and nothing for a game just starting", () => {
    const playing = state("pizza_theory", { round: 3, last_round: { round: 2 } });
    const over = state("pizza_theory", { round: 3, last_round: { round: 3 } }, { winners: [1], scores: {} } as unknown as StateFrame["outcome"]);
    const winner = momentsFor(playing, over);
    expect(said(winner)).toEqual([{ kind: "winner", text: "Bo wins!" }]);
    // a moment found in English and shown after the TV switched to Spanish says it in Spanish
    setLanguage("es", false);
    expect(winner[0].say()).toBe("¡Gana Bo!");
    expect(momentsFor(null, playing)).toEqual([]);
    expect(momentsFor({ ...playing, game: null }, playing)).toEqual([]);
  });

  it("turns a bot taking a seat and a timeout into moments, and no other notice", () => {
    expect(said([noticeMoment({ n: 4, kind: "stand_in", player: 1, name: "Bo", by: null })])).toEqual([{ kind: "bot", text: "A bot plays for Bo" }]);
    expect(noticeMoment({ n: 5, kind: "timed_out", player: 1, name: "Bo", by: null })?.kind).toBe("timer");
    expect(noticeMoment({ n: 6, kind: "host_changed", player: 1, name: "Bo", by: null })).toBeNull();
  });
});
