import { describe, expect, it } from "vitest";
import type { LobbyPlayer, VotesFrame } from "../src/net/wire";
import { applyVotes, EMPTY_BOARD, hasAudience, optionLooks, questionText, rightCount, shares, tvShows } from "../src/votes/model";
import { lookAt, PALETTE } from "../src/ui/players";

function frame(over: Partial<VotesFrame>): VotesFrame {
  return {
    t: "votes",
    q: 1,
    status: "open",
    kind: "portion",
    about: 1,
    options: ["0", "2"],
    counts: {},
    total: 0,
    v: 10,
    answer: null,
    ...over,
  };
}

function player(id: number, seat: number, name: string): LobbyPlayer {
  return { id, seat, name, bot: null, human: true, connected: true, presence: "connected" } as unknown as LobbyPlayer;
}

const players = [player(1, 0, "Ana"), player(2, 1, "Bea"), player(3, 2, "Cy")];

describe("the vote board", () => {
  it("follows a vote from open through its tally, close and result to clear", () => {
    let board = applyVotes(EMPTY_BOARD, frame({}));
    expect(board.current?.status).toBe("open");
    board = applyVotes(board, frame({ counts: { "0": 3 }, total: 3 }));
    expect(board.current?.total).toBe(3);
    board = applyVotes(board, frame({ status: "closed", counts: { "0": 3, "2": 1 }, total: 4 }));
    expect(board.current?.status).toBe("closed");
    board = applyVotes(board, frame({ status: "result", answer: ["2"], counts: { "0": 3, "2": 1 }, total: 4 }));
    expect(board.current).toBeNull();
    expect(board.result?.answer).toEqual(["2"]);
    board = applyVotes(board, frame({ status: "clear" }));
    expect(board).toEqual(EMPTY_BOARD);
  });

  it("keeps a result on show while the next vote opens, and never lets an older frame replace a newer vote", () => {
    let board = applyVotes(EMPTY_BOARD, frame({ status: "result", answer: ["0"] }));
    board = applyVotes(board, frame({ q: 2 }));
    expect([board.result?.q, board.current?.q]).toEqual([1, 2]);
    board = applyVotes(board, frame({ q: 1, status: "closed" }));
    expect(board.current?.q).toBe(2);
    board = applyVotes(board, frame({ q: 1, status: "clear" }));
    expect([board.result, board.current?.q]).toEqual([null, 2]);
  });
});

describe("what a vote says", () => {
  it("names the chooser and the portions by the table's letters, each on its own letter badge", () => {
    const f = frame({ options: ["0", "2", "3"] });
    expect(questionText(f, players)).toContain("Bea");
    const looks = optionLooks(f, players, null);
    expect(looks.map((l) => l.label)).toEqual(["Portion A", "Portion C", "Portion D"]);
    expect(looks.map((l) => l.letter)).toEqual(["A", "C", "D"]);
  });

  it("never draws a portion in a player's look (party audit: 'Portion A' wore Ana's orange circle)", () => {
    const many = Array.from({ length: 12 }, (_, i) => player(i, i, `P${i}`));
    const looks = optionLooks(frame({ options: ["0", "1", "2", "3", "4", "5"] }), many, null);
    const theirs = new Set(PALETTE.map((p) => p.colour));
    for (const look of looks) {
      expect(look.letter).toMatch(/^[A-F]$/);
      expect(theirs.has(look.colour as never)).toBe(false);
    }
    // the same neutral badge whatever the portion: only its letter tells them apart
    expect(new Set(looks.map((l) => `${l.colour} ${l.shape}`)).size).toBe(1);
  });

  it("draws the options that are players in their players' looks, by their places in the room", () => {
    const room = [player(3, 1, "Bo"), player(0, 0, "Ana"), player(7, 2, "Tv")];
    const looks = optionLooks(frame({ kind: "seat", about: null, options: ["0", "1", "2"] }), room, null);
    expect(looks.map((l) => [l.label, l.colour, l.shape])).toEqual([
      ["Ana", lookAt(0).colour, lookAt(0).shape],
      ["Bo", lookAt(1).colour, lookAt(1).shape],
      ["Tv", lookAt(2).colour, lookAt(2).shape],
    ]);
    expect(looks.every((l) => l.letter === undefined)).toBe(true);
  });

  it("names seats by their players and Pizza Theory's colours by whose they are", () => {
    const seats = optionLooks(frame({ kind: "seat", about: null, options: ["0", "1", "2"] }), players, null);
    expect(seats.map((l) => l.label)).toEqual(["Ana", "Bea", "Cy"]);
    const game = { seats: [{ seat: 0, colour: "orange" }, { seat: 1, colour: "blue" }], neutral: { colour: "yellow" } };
    const colours = optionLooks(frame({ kind: "colour", about: null, options: ["orange", "blue", "yellow", "none"] }), players, game);
    expect(colours.map((l) => l.label)).toEqual(["Ana", "Bea", "Neutral", "Nobody's"]);
  });

  it("gives shares in whole percent and counts the right guesses", () => {
    const f = frame({ status: "result", counts: { "0": 1, "2": 2 }, total: 3, answer: ["2"] });
    expect(shares(f)).toEqual({ "0": 33, "2": 67 });
    expect(rightCount(f)).toBe(2);
    expect(shares(frame({}))).toEqual({ "0": 0, "2": 0 });
  });
});

describe("how many guessed right, as the TV says it", () => {
  it("never says '0 of 0': no vote and one vote are said in words", async () => {
    const { CATALOGUES } = await import("../src/strings");
    const en = CATALOGUES.en;
    expect(en.voteRight(0, 0)).toBe("Nobody voted this time");
    expect(en.voteRight(1, 1)).toBe("The one vote was right");
    expect(en.voteRight(0, 1)).toBe("The one vote was wrong");
    expect(en.voteRight(2, 3)).toBe("2 of 3 guessed right");
    expect(CATALOGUES.es.voteRight(0, 0)).toBe("Esta vez nadie votó");
  });
});

describe("the TV's audience strip", () => {
  const game = { game: { phase: "slice" }, outcome: null };
  const watched = (n: number) => ({ ...game, lobby: { spectators: n } });
  it("is kept while anyone watches, a vote or not, so the table holds still", () => {
    expect(hasAudience(EMPTY_BOARD, watched(2))).toBe(true);
    expect(hasAudience(EMPTY_BOARD, watched(0))).toBe(false);
  });
  it("stays for a vote still to be shown after the last spectator left", () => {
    const board = applyVotes(EMPTY_BOARD, frame({}));
    expect(hasAudience(board, watched(0))).toBe(true);
  });
  it("draws no closed vote and no result nobody voted in", () => {
    const closed = applyVotes(EMPTY_BOARD, frame({ status: "closed" }));
    expect(tvShows(closed).current).toBeNull();
    expect(hasAudience(closed, watched(0))).toBe(false);
    const result = applyVotes(EMPTY_BOARD, frame({ status: "result", answer: ["0"] }));
    expect(tvShows(result).result).toBeNull();
    const counted = applyVotes(EMPTY_BOARD, frame({ status: "result", answer: ["0"], counts: { "0": 1 }, total: 1 }));
    expect(tvShows(counted).result?.q).toBe(1);
  });
  it("is not there in the lobby or at Game over (the end panel has the screen)", () => {
    expect(hasAudience(EMPTY_BOARD, { game: null, lobby: { spectators: 3 } })).toBe(false);
    expect(hasAudience(EMPTY_BOARD, { ...watched(3), outcome: { winners: [0] } })).toBe(false);
  });
});
