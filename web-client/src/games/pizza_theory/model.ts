// Pizza Theory's view (games/pizza_theory/views.py) turned into what the
// screens draw: colours become the players' looks, the reveal is rewound to
// "before" so it can be animated, legal commands become tappable spaces.
import type { Command, LobbyPlayer } from "../../net/wire";
import { NEUTRAL, seatLook, type Look } from "../../ui/players";
import { key, parseSpace, type Cube, type Family } from "./geometry";
import type { View } from "../types";

export interface Piece {
  space: Cube;
  colour: string; // the engine's colour name ("orange", ...)
}

export interface CutLine {
  seat: number | null;
  colour: string;
  family: Family;
  line: number;
}

/** Engine colour name -> the look it is drawn with (the seat's player, or neutral). */
export function looksByColour(game: View, players: LobbyPlayer[]): Map<string, Look & { seat: number | null }> {
  const out = new Map<string, Look & { seat: number | null }>();
  for (const info of (game.seats ?? []) as { seat: number; colour: string }[]) {
    out.set(info.colour, { ...seatLook(players, info.seat), seat: info.seat });
  }
  if (game.neutral) out.set(game.neutral.colour, { colour: NEUTRAL.colour, shape: NEUTRAL.shape, colourName: NEUTRAL.name, seat: null });
  return out;
}

export function boardPieces(game: View): Piece[] {
  const out: Piece[] = [];
  for (const cell of (game.board ?? []) as { space: unknown; colour: string | null }[]) {
    const space = parseSpace(cell.space);
    if (space && cell.colour) out.push({ space, colour: cell.colour });
  }
  return out;
}

function toppings(list: unknown): Piece[] {
  const out: Piece[] = [];
  for (const t of (list ?? []) as { space: unknown; colour: string }[]) {
    const space = parseSpace(t.space);
    if (space) out.push({ space, colour: t.colour });
  }
  return out;
}

/** The board as it was just before the latest reveal's replacements. */
export function boardBefore(game: View): Piece[] {
  const report = game.last_round;
  const now = new Map(boardPieces(game).map((p) => [key(p.space), p]));
  if (!report) return [...now.values()];
  for (const p of toppings(report.placed)) now.delete(key(p.space));
  for (const p of toppings(report.removed)) now.set(key(p.space), p);
  return [...now.values()];
}

export function revealCuts(game: View): CutLine[] {
  return ((game.last_round?.cuts ?? []) as CutLine[]).map((c) => ({ ...c, family: c.family as Family }));
}

export function revealSlices(game: View): Cube[][] {
  return ((game.last_round?.slices ?? []) as { spaces: unknown[] }[]).map((s) => s.spaces.map(parseSpace).filter((c): c is Cube => c !== null));
}

export function placedKeys(game: View): Set<string> {
  return new Set(toppings(game.last_round?.placed).map((p) => key(p.space)));
}

export function removedPieces(game: View): Piece[] {
  return toppings(game.last_round?.removed);
}

/** The sector facing table position 0 (where the board's rotation is read from). */
export function sectorAt(game: View, position: number): number | null {
  const seat = (game.seats ?? []).find((s: { seat: number }) => s.seat === position);
  if (seat && seat.sector !== null && seat.sector !== undefined) return seat.sector;
  if (game.neutral && position === (game.seats ?? []).length) return game.neutral.sector ?? null;
  return null;
}

/** Spaces a legal command lets this seat fill now, with the command for each. */
export function tappable(legal: Command[]): Map<string, Command> {
  const out = new Map<string, Command>();
  for (const cmd of legal) {
    if (cmd.type === "AddTopping" || cmd.type === "PlaceNeutralTopping") {
      const space = parseSpace(cmd.space);
      if (space) out.set(key(space), cmd);
    }
  }
  return out;
}

export function cutChoices(legal: Command[]): number[] {
  return legal.filter((c) => c.type === "ChooseCut").map((c) => Number(c.line));
}

export function mySeatInfo(game: View, seat: number): View | null {
  return (game.seats ?? []).find((s: { seat: number }) => s.seat === seat) ?? null;
}
