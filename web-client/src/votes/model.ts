// Audience votes on the client (docs/protocol.md "Audience votes"): what the
// TV and the watch page show of the `votes` frames.  Pure functions, so
// Vitest checks them without a DOM.
import type { LobbyPlayer, VotesFrame } from "../net/wire";
import type { View } from "../games/types";
import { looksByColour } from "../games/pizza_theory/model";
import { bySeat, lookFor, seatLook, type ShapeName } from "../ui/players";
import { S } from "../strings";

/** What a screen keeps: the vote being voted on (or just closed), and the last result until it clears. */
export interface VoteBoard {
  current: VotesFrame | null;
  result: VotesFrame | null;
}

export const EMPTY_BOARD: VoteBoard = { current: null, result: null };

/**
 * The board after one `votes` frame.  Votes are numbered in the order they
 * open, so a frame of an older vote never replaces a newer one; a result
 * moves its vote from `current` to `result`; `clear` drops it from both.
 */
export function applyVotes(board: VoteBoard, frame: VotesFrame): VoteBoard {
  const current = board.current;
  switch (frame.status) {
    case "open":
    case "closed":
      if (current && current.q > frame.q) return board;
      if (board.result && board.result.q === frame.q) return board;
      return { ...board, current: frame };
    case "result":
      return { current: current && current.q <= frame.q ? null : current, result: frame };
    case "clear":
      return {
        current: current && current.q === frame.q ? null : current,
        result: board.result && board.result.q === frame.q ? null : board.result,
      };
  }
  return board;
}

/**
 * What the TV draws of its board: a result only if somebody voted in it (the
 * table shows the answer anyway, and an empty tally is not news), and a closed
 * vote likewise; an open one is drawn, as it invites the audience.
 */
export function tvShows(board: VoteBoard): VoteBoard {
  return {
    current: board.current && (board.current.status === "open" || board.current.total > 0) ? board.current : null,
    result: board.result && board.result.total > 0 ? board.result : null,
  };
}

/**
 * Whether the TV's table keeps an audience strip along its foot: in a game,
 * not at Game over, while anyone watches or a vote is still to be shown (the
 * last spectator may leave mid-vote).  Kept while the audience is there, votes
 * or not, so the table is not resized each time a vote opens.
 */
export function hasAudience(board: VoteBoard, state: { game: unknown; outcome?: unknown; lobby: { spectators: number } }): boolean {
  if (!state.game || state.outcome) return false;
  const shown = tvShows(board);
  return state.lobby.spectators > 0 || shown.current !== null || shown.result !== null;
}

/**
 * How one option is drawn: its words, and a colour with a shape (never colour alone).  An option that
 * is a player (a seat, a Pizza Theory colour) has that player's look; an option that is no player (a
 * New York Slice portion) has `letter` instead: a neutral badge with the letter the table shows, never a
 * player's colour or shape, so "Portion A" cannot read as the first player's.
 */
export interface OptionLook {
  key: string;
  label: string;
  colour: string;
  shape: ShapeName | "ring";
  letter?: string;
}

/** The colour of an option that is no player: the app's cream, which no player has. */
export const NEUTRAL_OPTION = "#FFF4E0";

/** The looks of a vote's options, from the lobby's players and the game's public view. */
export function optionLooks(frame: VotesFrame, players: LobbyPlayer[], game: View | null): OptionLook[] {
  const seats = bySeat(players);
  const colours = frame.kind === "colour" && game ? looksByColour(game, players) : null;
  return frame.options.map((key) => {
    if (frame.kind === "seat") {
      const player = seats.get(Number(key));
      const look = player ? lookFor(players, player.id) : seatLook(players, Number(key));
      return { key, label: player?.name ?? S.seat(Number(key)), colour: look.colour, shape: look.shape };
    }
    if (frame.kind === "colour") {
      if (key === "none") return { key, label: S.voteNobody, colour: "#FFFFFF", shape: "ring" };
      const look = colours?.get(key);
      const name = look && look.seat !== null ? seats.get(look.seat)?.name : undefined;
      return {
        key,
        label: name ?? (look && look.seat === null ? S.voteNeutral : key),
        colour: look?.colour ?? "#B8B8B8",
        shape: look?.shape ?? "ring",
      };
    }
    // portion: the portion's letter, as the table names it, on a neutral badge (no player's look)
    const letter = S.nys_portionName(Number(key));
    return { key, label: S.votePortion(letter), colour: NEUTRAL_OPTION, shape: "ring", letter };
  });
}

/** The question in words (the name of the seat it is about, from the lobby). */
export function questionText(frame: VotesFrame, players: LobbyPlayer[]): string {
  if (frame.kind === "portion") {
    const player = frame.about !== null ? bySeat(players).get(frame.about) : undefined;
    return S.votePortionQuestion(player?.name ?? S.seat(frame.about ?? 0));
  }
  return frame.kind === "colour" ? S.voteColourQuestion : S.voteSeatQuestion;
}

/** Each option's share of the votes, in whole percent (0 when nobody voted). */
export function shares(frame: VotesFrame): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of frame.options) {
    const count = frame.counts[key] ?? 0;
    out[key] = frame.total > 0 ? Math.round((count * 100) / frame.total) : 0;
  }
  return out;
}

/** How many voted for a right answer (a result's `answer`). */
export function rightCount(frame: VotesFrame): number {
  return (frame.answer ?? []).reduce((sum, key) => sum + (frame.counts[key] ?? 0), 0);
}
